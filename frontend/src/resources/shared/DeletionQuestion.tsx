import { DialogContentText } from '@mui/material';
import type { ComponentType } from 'react';
import { DeleteButton, SaveButton, Toolbar, useListContext, useRecordContext, useRedirect, useResourceContext, type DeleteButtonProps, type Identifier, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { BulkDeleteThenReload } from './bulkActions.tsx';
import { isRestorable, useDeletedNotice } from './restore.ts';

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

/**
 * An edit screen's Delete: asks first, and for a record that can be restored the notice after it
 * offers Undo. It then leaves for the list as react-admin's own Delete does, the form's unsaved
 * changes dropped without a question (the record they were for is gone).
 */
function DeleteOfferingUndo(props: DeleteButtonProps) {
  const resource = useResourceContext(props) ?? '';
  const record = useRecordContext(props);
  const form = useFormContext();
  const redirect = useRedirect();
  const deletedNotice = useDeletedNotice();
  if (!isRestorable(resource)) return <DeleteButton {...props} />;
  const onSuccess = () => {
    if (record) deletedNotice(resource, [record.id]);
    form.reset(undefined, { keepValues: true });
    redirect('list', resource);
  };
  return <DeleteButton mutationMode="pessimistic" {...props} mutationOptions={{ onSuccess }} />;
}

/** An edit screen's toolbar: Save, and a Delete that asks `Question` about the record (react-admin's own question without one). */
export function ToolbarDeleteAsking({ Question }: { Question?: QuestionOf }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteOfferingUndo {...(Question ? { confirmContent: <CurrentRecordQuestion Question={Question} /> } : {})} />
    </Toolbar>
  );
}
