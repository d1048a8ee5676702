import type { ReactElement } from 'react';
import { BulkActionsToolbar, BulkDeleteButton, useRefresh, useResourceContext, type BulkDeleteButtonProps } from 'react-admin';

/** react-admin's bar over ticked rows, naming what is ticked ('3 contacts selected') where react-admin says 'items'. */
function SelectedRecordsToolbar({ children }: { children: ReactElement }) {
  const resource = useResourceContext();
  return <BulkActionsToolbar label={`resources.${resource}.selected`}>{children}</BulkActionsToolbar>;
}

/** A list's props for its bulk actions: the buttons, in the bar that names the ticked records. */
export const bulkActions = (buttons: ReactElement) => ({
  bulkActionButtons: buttons,
  bulkActionsToolbar: <SelectedRecordsToolbar>{buttons}</SelectedRecordsToolbar>,
});

/**
 * Delete for the ticked records, asking first, the list read again once done: react-admin only takes
 * the deleted rows out of the page it holds, so deleting 250 ticked across pages left the page empty
 * under a stale total ('No tasks found', '1-100 of 317') until the user reloaded.
 */
export function BulkDeleteThenReload(props: BulkDeleteButtonProps) {
  const refresh = useRefresh();
  return <BulkDeleteButton mutationMode="pessimistic" {...props} mutationOptions={{ onSettled: () => refresh() }} />;
}
