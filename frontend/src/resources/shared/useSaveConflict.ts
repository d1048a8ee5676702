import { useCallback, useState } from 'react';
import { useDataProvider, type RaRecord } from 'react-admin';
import { changesSince, type FieldChange } from './conflict.ts';
import { statusOf } from './problem.ts';

export type SaveConflict<Saved> = { current: Saved; changes: FieldChange[] };

/**
 * A form of its own (a dialog, not a react-admin Edit) that saves with `If-Match`. It keeps the record
 * as the form opened it (`opened`, null for a new one), the version a save is checked against. When
 * a save is refused because the record changed since (412), `caught` fetches the record as it is now
 * and keeps what changed, for a `ConflictNotice` to show; the form keeps what was typed. Reload and
 * Overwrite both `adopt` the record as it is now as the one opened: Reload then refills the form
 * from it, Overwrite saves the typed values over it.
 */
export function useSaveConflict<Saved extends RaRecord>(resource: string, initiallyOpened: Saved | null = null) {
  const dataProvider = useDataProvider();
  const [opened, setOpened] = useState<Saved | null>(initiallyOpened);
  const [conflict, setConflict] = useState<SaveConflict<Saved> | null>(null);
  /** A fresh opening of the form, on `record` (null for a new one): no conflict shown. */
  const openOn = useCallback((record: Saved | null) => {
    setOpened(record);
    setConflict(null);
  }, []);
  /**
   * After a failed save of `previous`: a stale save shows the conflict and answers null; any other
   * failure is answered to be reported, as is the reason the record could not be read again (it was
   * deleted meanwhile).
   */
  const caught = useCallback(
    async (error: unknown, previous: Saved): Promise<unknown> => {
      if (statusOf(error) !== 412) return error;
      try {
        const current = (await dataProvider.getOne<Saved>(resource, { id: previous.id })).data;
        setConflict({ current, changes: changesSince(previous as Record<string, unknown>, current as Record<string, unknown>) });
        return null;
      } catch (failure) {
        return failure;
      }
    },
    [dataProvider, resource],
  );
  /** Takes the record as it is now (the conflict's) as the one opened, and answers it. Called only while a conflict shows. */
  const adopt = (): Saved => {
    if (!conflict) throw new Error('adopt() is for a conflict that shows');
    openOn(conflict.current);
    return conflict.current;
  };
  return { opened, conflict, openOn, caught, adopt };
}
