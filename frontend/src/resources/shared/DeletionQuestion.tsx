import { DialogContentText } from '@mui/material';
import type { ComponentType } from 'react';
import { DeleteButton, SaveButton, Toolbar, useListContext, useRecordContext, type Identifier, type RaRecord } from 'react-admin';
import { BulkDeleteThenReload } from './bulkActions.tsx';

/** The question before a deletion and, beneath it in the warning colour, what it does to outreach under way (when anything). */
export function DeletionQuestion({ question, consequence }: { question: string; consequence: string }) {
  return (
    <>
      <DialogContentText>{question}</DialogContentText>
      {consequence ? (
        <DialogContentText sx={{ mt: 1.5, color: 'warning.main', fontWeight: 600 }} data-testid="deletion-consequence">
          {consequence}
        </DialogContentText>
      ) : null}
    </>
  );
}

/** The records a deletion question is about: their ids, and names where known. */
export type DeletedRecords = ReadonlyArray<{ id: Identifier; name?: string }>;
type QuestionOf = ComponentType<{ records: DeletedRecords }>;

/** A question about the records ticked in a list (names from the page shown; a tick kept from another page counts without one). */
function SelectedRecordsQuestion({ Question }: { Question: QuestionOf }) {
  const { selectedIds, data = [] } = useListContext<RaRecord & { name?: string }>();
  const records = selectedIds.map((id) => ({ id, name: data.find((record) => record.id === id)?.name }));
  return <Question records={records} />;
}

function CurrentRecordQuestion({ Question }: { Question: QuestionOf }) {
  const record = useRecordContext<RaRecord & { name?: string }>();
  return record ? <Question records={[{ id: record.id, name: record.name }]} /> : null;
}

/** A list's bulk Delete that asks `Question` about the ticked records. */
export const bulkDeleteAsking = (Question: QuestionOf) => <BulkDeleteThenReload confirmContent={<SelectedRecordsQuestion Question={Question} />} />;

/** An edit screen's toolbar, Save and a Delete that asks `Question` about the record. */
export function ToolbarDeleteAsking({ Question }: { Question: QuestionOf }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton confirmContent={<CurrentRecordQuestion Question={Question} />} />
    </Toolbar>
  );
}
