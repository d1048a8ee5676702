import type { ReactElement, ReactNode } from 'react';
import { Box } from '@mui/material';
import { FunctionField, Show, Tab, TabbedShowLayout, useRecordContext, type RaRecord } from 'react-admin';
import type { UseHistoryReading } from './history.ts';
import { DeletedRecord } from './DeletedRecord.tsx';
import { RecordHistory } from './RecordHistory.tsx';
import { useRecordLoadFailure } from './useRecordLoadFailure.ts';

/**
 * The page title of a record's screen: one of its fields, or what the record is while it loads,
 * after `prefix` ('Edit '), so an edit screen says which record it changes.
 */
export function RecordTitle({ source, fallback, prefix = '' }: { source: string; fallback: string; prefix?: string }) {
  const record = useRecordContext();
  const named = record?.[source];
  return (
    <span>
      {prefix}
      {named === undefined || named === null || named === '' ? fallback : String(named)}
    </span>
  );
}

/**
 * A record's Show: the fields given as children on a Details tab, then its History (who changed what,
 * when, from where; its fields read as `useHistoryReading` says) with `history` below it, then any
 * further `tabs` (a Tab, or a list of them). A deleted record of the user's own shows its deletion instead.
 */
export function RecordShow({
  title,
  actions,
  history,
  useHistoryReading,
  tabs,
  children,
}: {
  title: ReactElement | string;
  actions?: ReactElement;
  history?: ReactNode;
  useHistoryReading?: UseHistoryReading;
  tabs?: ReactNode;
  children: ReactNode;
}) {
  const { onError, deletion, restored } = useRecordLoadFailure();
  if (deletion) return <DeletedRecord deletion={deletion} useHistoryReading={useHistoryReading} onRestored={restored} />;
  return (
    <Show title={title} actions={actions} queryOptions={{ onError }}>
      <TabbedShowLayout>
        <Tab label="Details">{children}</Tab>
        <Tab label="History" path="history">
          <RecordHistory after={history} useReading={useHistoryReading} />
        </Tab>
        {tabs}
      </TabbedShowLayout>
    </Show>
  );
}

/** A long text (an email's body) as written: its line breaks kept, long words wrapped. */
export function Preformatted({ text }: { text: string }) {
  return (
    <Box component="pre" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', m: 0 }}>
      {text}
    </Box>
  );
}

/** A yes-or-no field of a record's page, in words ('Yes', 'No') as its other answers are written, not as a tick or a cross. */
export function YesNoField({ source, label }: { source: string; label?: string }) {
  return <FunctionField source={source} label={label} render={(record: RaRecord) => (record[source] ? 'Yes' : 'No')} />;
}
