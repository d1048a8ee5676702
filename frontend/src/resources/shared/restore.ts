import { useCallback } from 'react';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { useToast } from '../../ui/Toast.tsx';
import { messageOf } from './problem.ts';
import { useRefreshOutreach } from './useRefreshOutreach.ts';

/** The records whose deletion can be undone (a tracked bank is never deleted: it leaves the targets and stays). */
const restorable = new Set(['contacts', 'tasks', 'templates', 'workflows']);

export const isRestorable = (resource: string) => restorable.has(resource);

/**
 * Restores deleted records of one resource, says "Restored." (or why not) and reloads what shows them;
 * resolves whether all came back. Each comes back on its own: when some of several cannot (an
 * address taken since), the notice says how many did, then why one did not, since the others are
 * back and the user would otherwise take them for lost too.
 */
export function useRestoreRecords() {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const toast = useToast();
  const refresh = useRefreshOutreach();
  return useCallback(
    async (resource: string, ids: readonly Identifier[]): Promise<boolean> => {
      const outcomes = await Promise.allSettled(ids.map((id) => dataProvider.restore(resource, id)));
      const refusals = outcomes.filter((outcome) => outcome.status === 'rejected');
      if (refusals.length === 0) toast.success('Restored.');
      else {
        const why = messageOf(refusals[0].reason, 'Could not restore it. Please try again.');
        const restored = outcomes.length - refusals.length;
        toast.error(restored > 0 ? `${restored} of ${outcomes.length} restored. ${why}` : why);
      }
      await refresh(resource);
      return refusals.length === 0;
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
