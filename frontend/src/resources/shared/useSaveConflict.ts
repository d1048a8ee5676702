import { useCallback, useState } from 'react';
import { useDataProvider, type RaRecord } from 'react-admin';
import { changesSince, mineOverLatest, type FieldChange } from './conflict.ts';
import { statusOf } from './problem.ts';

export type SaveConflict<Saved> = { current: Saved; changes: FieldChange[] };

/**
 * A form of its own (a dialog, not a react-admin Edit) that saves with `If-Match`. It keeps the record
 * as the form opened it (`opened`, null for a new one), the version a save is checked against. When
 * a save is refused because the record changed since (412), `caught` fetches the record as it is now
 * and keeps what changed, for a `ConflictNotice` to show; the form keeps what was typed. Reload and
 * Overwrite both take the record as it is now as the one saved against: Reload (`adopt`) then refills
 * the form from it, Overwrite (`overwrite`) saves over it the fields the user changed (`toSave`).
 * `dataOf` is what the form saves of a record nobody touched, so that the user's changes are told in
 * the form's own shape.
 */
export function useSaveConflict<Saved extends RaRecord, Data extends Record<string, unknown>>(
  resource: string,
  dataOf: (record: Saved) => Data,
  initiallyOpened: Saved | null = null,
) {
  const dataProvider = useDataProvider();
  const [opened, setOpened] = useState<Saved | null>(initiallyOpened);
  // The record the user's changes started from (as opened or reloaded): an overwrite refused again
  // still tells them from it, not from the record it was refused over.
  const [startedFrom, setStartedFrom] = useState<Saved | null>(initiallyOpened);
  const [conflict, setConflict] = useState<SaveConflict<Saved> | null>(null);
  /** A fresh opening of the form, on `record` (null for a new one): no conflict shown. */
  const openOn = useCallback((record: Saved | null) => {
    setOpened(record);
    setStartedFrom(record);
    setConflict(null);
  }, []);
  /**
   * After a failed save of `previous`: a stale save shows the conflict and answers null; any other
   * failure is answered to be reported, as is the reason the record could not be read again (it was
   * deleted meanwhile). The conflict tells every change since the record the user's changes started
   * from: an Overwrite refused again lists the new change beside those shown before.
   */
  const caught = useCallback(
    async (error: unknown, previous: Saved): Promise<unknown> => {
      if (statusOf(error) !== 412) return error;
      try {
        const current = (await dataProvider.getOne<Saved>(resource, { id: previous.id })).data;
        setConflict({ current, changes: changesSince((startedFrom ?? previous) as Record<string, unknown>, current as Record<string, unknown>) });
        return null;
      } catch (failure) {
        return failure;
      }
    },
    [dataProvider, resource, startedFrom],
  );
  /** Takes the record as it is now (the conflict's) as the one opened, and answers it. Called only while a conflict shows. */
  const adopt = (): Saved => {
    if (!conflict) throw new Error('adopt() is for a conflict that shows');
    openOn(conflict.current);
    return conflict.current;
  };
  /** Takes the record as it is now (the conflict's) as the one saved against, keeping what the user's changes started from, and answers it. Called only while a conflict shows. */
  const overwrite = (): Saved => {
    if (!conflict) throw new Error('overwrite() is for a conflict that shows');
    setOpened(conflict.current);
    setConflict(null);
    return conflict.current;
  };
  /**
   * What a save against `previous` sends of the form's data (`mine`): all of it when `previous` is the
   * record the user's changes started from; after an overwrite, `previous` with only the fields the user
   * changed set to theirs (a field both changed takes the user's value, the others keep the current ones).
   */
  const toSave = (previous: Saved | null, mine: Data): Data | Saved =>
    previous && startedFrom && previous !== startedFrom ? mineOverLatest(dataOf(startedFrom), mine, previous) : mine;
  return { opened, conflict, openOn, caught, adopt, overwrite, toSave };
}
