import type { ReactElement } from 'react';
import { BulkActionsToolbar, BulkDeleteButton, useListContext, useRefresh, useResourceContext, type BulkDeleteButtonProps } from 'react-admin';
import { isRestorable, useDeletedNotice } from './restore.ts';

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
 * under a stale total ('No tasks found', '1-100 of 317') until the user reloaded. Records that can be
 * restored are named deleted in a notice offering Undo.
 */
export function BulkDeleteThenReload(props: BulkDeleteButtonProps) {
  const refresh = useRefresh();
  const resource = useResourceContext(props) ?? '';
  const { selectedIds, onUnselectItems } = useListContext();
  const deletedNotice = useDeletedNotice();
  const onSuccess = () => {
    deletedNotice(resource, selectedIds);
    onUnselectItems(true);
  };
  return <BulkDeleteButton mutationMode="pessimistic" {...props} mutationOptions={{ ...(isRestorable(resource) ? { onSuccess } : {}), onSettled: () => refresh() }} />;
}
