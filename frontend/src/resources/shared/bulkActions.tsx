import type { ReactElement } from 'react';
import { BulkActionsToolbar, useResourceContext } from 'react-admin';

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
