import { useEffect, useState } from 'react';
import { Button, Chip, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import {
  AutocompleteInput,
  Datagrid,
  DateInput,
  type DateInputProps,
  downloadCSV,
  type Exporter,
  FunctionField,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  useDataProvider,
  useGetManyAggregate,
  useGetRecordRepresentation,
  useResourceDefinitions,
} from 'react-admin';
import { formatLocalMoment, withLocalMoments } from '../../../../domain/format.ts';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { csvFile } from '../shared/csv.ts';
import { sourceLabels } from '../shared/history.ts';
import { recordKinds, recordNames, timelineCsvColumns, type ActivityRow } from './timeline.ts';
import { labelOf } from '../shared/labels.ts';
import { ListBody } from '../shared/ListBody.tsx';
import { doNotContactPath } from '../../layout/navigation.ts';
import { RecordListActions } from '../shared/RecordListActions.tsx';
import { MomentField } from '../shared/MomentField.tsx';
import { isRestorable, useRestoreRecords } from '../shared/restore.ts';

/** Records kept on a screen of their own rather than a record's page: the Do Not Contact list, in Settings. */
const screensOfRecords: Record<string, string> = { suppressions: doNotContactPath };

const resourceChoices = Object.entries(recordKinds).map(([id, name]) => ({ id, name }));
const sourceChoices = Object.entries(sourceLabels).map(([id, name]) => ({ id, name }));

/** The event types the user can filter by, as the server lists them. */
function useEventTypeChoices() {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const types = useQuery({ queryKey: ['activity', 'types'], queryFn: () => dataProvider.activityTypes(), staleTime: 5 * 60_000 });
  return (types.data ?? []).map((entry) => ({ id: entry.type, name: `${labelOf(entry.type)} (${recordKinds[entry.resource] ?? entry.resource})` }));
}

const recordPath = (row: ActivityRow) => screensOfRecords[row.resource] ?? `/${row.resource}/${encodeURIComponent(row.recordId)}/show`;

function RecordPageLink({ row, children }: { row: ActivityRow; children: string }) {
  return (
    <Link component={RouterLink} to={recordPath(row)} onClick={(event) => event.stopPropagation()} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Link>
  );
}

/** Brings back the deleted record a row is about; the row then names it again, and the feed shows the restore. */
function RestoreButton({ row, kind }: { row: ActivityRow; kind: string }) {
  const restore = useRestoreRecords();
  const [restoring, setRestoring] = useState(false);
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={restoring}
      aria-label={`Restore ${kind.toLowerCase()}`}
      sx={{ mt: 0.5, py: 0, minHeight: 0 }}
      onClick={async (event) => {
        event.stopPropagation();
        setRestoring(true);
        await restore(row.resource, [row.recordId]);
        setRestoring(false);
      }}
    >
      Restore
    </Button>
  );
}

/**
 * The record a row is about: its kind, and its name (a contact's, a task's text, an email's
 * subject...) linking to its page. The names of a page's rows come in one request per kind of
 * record (react-admin gathers the ids); a record deleted since shows as such, without a link, with
 * Restore where its deletion can be undone.
 */
function RecordLink({ row }: { row: ActivityRow }) {
  const resources = useResourceDefinitions();
  const kind = recordKinds[row.resource] ?? row.resource;
  // Only records with a screen get a link: a link to nowhere is worse than none.
  const hasShow = Boolean(resources[row.resource]?.hasShow);
  const representation = useGetRecordRepresentation(row.resource);
  const { data, isPending, error } = useGetManyAggregate(row.resource, { ids: [row.recordId] }, { enabled: hasShow });
  if (screensOfRecords[row.resource]) return <RecordPageLink row={row}>{kind}</RecordPageLink>;
  if (!hasShow) return <span>{kind}</span>;
  const record = data?.[0];
  const gone = !isPending && !error && !record;
  const name = record ? String(representation(record) ?? '') : '';
  return (
    <>
      <Typography variant="caption" color="text.secondary" component="div">
        {gone ? `${kind}, deleted` : kind}
      </Typography>
      {!gone && (
        <RecordPageLink row={row}>{name || kind}</RecordPageLink>
      )}
      {gone && isRestorable(row.resource) ? <RestoreButton row={row} kind={kind} /> : null}
    </>
  );
}

/** What Until says when it is a day before From. */
const untilBeforeFromMessage = 'Until is before From: choose an Until on or after the From.';

/** From and Until are days of the user's calendar (YYYY-MM-DD), compared as written; a range of one day is fine. */
const untilAfterFrom = (until: unknown, values: Record<string, unknown>) =>
  typeof until === 'string' && typeof values.since === 'string' && until !== '' && values.since !== '' && until < values.since ? untilBeforeFromMessage : undefined;

/**
 * The Until filter, refused under itself while it is before From: such a range matches nothing, and
 * an empty list read as no activity in those days. An invalid filter form applies no filter. Checked
 * again when From changes too, so moving either date the wrong way round, or back, says so at once.
 */
function UntilInput(props: DateInputProps) {
  const { trigger } = useFormContext();
  const since = useWatch({ name: 'since' });
  useEffect(() => {
    void trigger('until');
  }, [since, trigger]);
  // A filter form hides its inputs' helper text: this one's error is the only place the refusal shows.
  return <DateInput {...props} validate={untilAfterFrom} sx={{ '& .MuiFormHelperText-root': { display: 'block', maxWidth: 220 } }} />;
}

/**
 * The timeline's CSV, each record named as the screen names it: the kinds of record with a page of
 * their own, by the field their resource is represented by.
 */
function useTimelineExporter(): Exporter {
  const resources = useResourceDefinitions();
  const named = Object.fromEntries(
    Object.values(resources).flatMap((definition) =>
      definition.hasShow && typeof definition.recordRepresentation === 'string' ? [[definition.name, definition.recordRepresentation]] : [],
    ),
  );
  return async (records, _fetchRelated, dataProvider) => {
    const rows = records as ActivityRow[];
    const names = await recordNames(rows, named, async (resource, ids) => (await dataProvider.getMany(resource, { ids })).data);
    downloadCSV(csvFile(rows, timelineCsvColumns(names, named)), 'timeline');
  };
}

/**
 * A timeline: everything that happened to the user's outreach records, newest first, filterable by
 * record kind, event type, who or what did it (the user in the app, the API, AI, a workflow, an
 * import) and date, exported as CSV with the same filters. Given a bank, only that bank's records:
 * the bank itself, its contacts, tasks and emails.
 */
export function ActivityTimeline({ bankId }: { bankId?: number }) {
  const typeChoices = useEventTypeChoices();
  const resources = useResourceDefinitions();
  const exportTimeline = useTimelineExporter();
  const hasPage = (row: ActivityRow) => Boolean(screensOfRecords[row.resource] ?? resources[row.resource]?.hasShow);
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Search activity" />,
    ...(bankId === undefined
      ? [
          <ReferenceInput key="bankId" source="bankId" reference="banks" label="Bank" alwaysOn>
            <AutocompleteInput optionText="name" label="Bank" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 220 }} />
          </ReferenceInput>,
        ]
      : []),
    <SelectInput key="resource" source="resource" label="Record" choices={resourceChoices} alwaysOn />,
    <AutocompleteInput key="type" source="type" label="Event" choices={typeChoices} sx={{ minWidth: 260 }} />,
    <SelectInput key="source" source="source" label="By" choices={sourceChoices} />,
    <DateInput key="since" source="since" label="From" />,
    <UntilInput key="until" source="until" label="Until" />,
  ];
  return (
    <List
      resource="activity"
      filters={filters}
      filter={bankId === undefined ? undefined : { bankId }}
      // inside a bank's page the filters belong to that tab, not to the address bar
      disableSyncWithLocation={bankId !== undefined}
      storeKey={bankId === undefined ? 'activity' : `activity.bank`}
      sort={{ field: 'occurredAt', order: 'DESC' }}
      perPage={bankId === undefined ? 50 : 25}
      exporter={exportTimeline}
      actions={<RecordListActions />}
      title={bankId === undefined ? 'Activity' : false}
      sx={bankId === undefined ? undefined : { width: '100%' }}
    >
      <ListBody
        phone={
          <SimpleList<ActivityRow>
            primaryText={(row) => withLocalMoments(row.summary)}
            secondaryText={(row) => `${recordKinds[row.resource] ?? row.resource} · ${labelOf(row.type)}`}
            tertiaryText={(row) => formatLocalMoment(row.occurredAt)}
            rowClick={(_id, _resource, record) => (hasPage(record as ActivityRow) ? recordPath(record as ActivityRow) : false)}
          />
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <MomentField source="occurredAt" label="When" showTime />
          <FunctionField label="Record" render={(row: ActivityRow) => <RecordLink row={row} />} />
          <FunctionField label="Event" render={(row: ActivityRow) => <Typography variant="body2">{labelOf(row.type)}</Typography>} />
          <FunctionField label="What happened" render={(row: ActivityRow) => <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{withLocalMoments(row.summary)}</Typography>} />
          <FunctionField label="By" render={(row: ActivityRow) => (row.source ? <Chip size="small" variant="outlined" label={sourceLabels[row.source] ?? row.source} /> : '—')} />
        </Datagrid>
      </ListBody>
    </List>
  );
}

/** The global timeline (`/activity`). */
export function ActivityList() {
  return <ActivityTimeline />;
}
