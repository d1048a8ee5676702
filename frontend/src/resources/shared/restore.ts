import { useCallback } from 'react';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { useToast } from '../../ui/Toast.tsx';
import { messageOf } from './problem.ts';
import { useRefreshOutreach } from './useRefreshOutreach.ts';

/** The records whose deletion can be undone (a tracked bank is never deleted: it leaves the targets and stays). */
const restorable = new Set(['contacts', 'tasks', 'templates', 'workflows']);

export const isRestorable = (resource: string) => restorable.has(resource);

/** Restores deleted records of one resource, says "Restored." (or why not) and reloads what shows them; resolves whether all came back. */
export function useRestoreRecords() {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const toast = useToast();
  const refresh = useRefreshOutreach();
  return useCallback(
    async (resource: string, ids: readonly Identifier[]): Promise<boolean> => {
      try {
        await Promise.all(ids.map((id) => dataProvider.restore(resource, id)));
        toast.success('Restored.');
        return true;
      } catch (error) {
        toast.error(messageOf(error, 'Could not restore it. Please try again.'));
        return false;
      } finally {
        await refresh(resource);
      }
    },
    [dataProvider, toast, refresh],
  );
}

/** The notice after records were deleted ("Contact deleted.", "3 tasks deleted." as each resource words it), offering Undo, which restores them. */
export function useDeletedNotice() {
  const toast = useToast();
  const translate = useTranslate();
  const restore = useRestoreRecords();
  return useCallback(
    (resource: string, ids: readonly Identifier[]) => {
      const count = ids.length;
      const message = translate(`resources.${resource}.notifications.deleted`, { smart_count: count, _: translate('ra.notification.deleted', { smart_count: count }) });
      toast.undoable(message, () => void restore(resource, ids));
    },
    [toast, translate, restore],
  );
}
