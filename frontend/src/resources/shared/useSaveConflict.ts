import { useCallback, useState } from 'react';
import { useDataProvider, type RaRecord } from 'react-admin';
import { changesSince, type FieldChange } from './conflict.ts';
import { statusOf } from './problem.ts';

export type SaveConflict<Saved> = { current: Saved; changes: FieldChange[] };

/**
 * A form of its own (a dialog, not a react-admin Edit) that saves with `If-Match`: when a save is
 * refused because the record changed since the form was opened (412), `caught` fetches the record as
 * it is now and keeps what changed, for a `ConflictNotice` to show (reload or overwrite); the form
 * keeps what was typed.
 */
export function useSaveConflict<Saved extends RaRecord>(resource: string) {
  const dataProvider = useDataProvider();
  const [conflict, setConflict] = useState<SaveConflict<Saved> | null>(null);
  /**
   * After a failed save of `opened`: a stale save shows the conflict and answers null; any other
   * failure is answered to be reported, as is the reason the record could not be read again (it was
   * deleted meanwhile).
   */
  const caught = useCallback(
    async (error: unknown, opened: Saved): Promise<unknown> => {
      if (statusOf(error) !== 412) return error;
      try {
        const current = (await dataProvider.getOne<Saved>(resource, { id: opened.id })).data;
        setConflict({ current, changes: changesSince(opened as Record<string, unknown>, current as Record<string, unknown>) });
        return null;
      } catch (failure) {
        return failure;
      }
    },
    [dataProvider, resource],
  );
  const settle = useCallback(() => setConflict(null), []);
  return { conflict, caught, settle };
}
