import { useEffect, useState, type ReactNode } from 'react';
import { Box, LinearProgress } from '@mui/material';
import { Edit, useDataProvider, useEditContext, useNotify, useRedirect, type EditProps, type RaRecord } from 'react-admin';
import { changesSince, mineOverLatest, type FieldChange } from './conflict.ts';
import { ConflictNotice } from './ConflictNotice.tsx';
import type { UseHistoryReading } from './history.ts';
import { statusOf } from './problem.ts';
import { useRefreshOutreach } from './useRefreshOutreach.ts';
import { DeletedRecord } from './DeletedRecord.tsx';
import { useRecordLoadFailure } from './useRecordLoadFailure.ts';
import { AskBeforeLeaving } from './RecordForm.tsx';

/** A refused save: the record as the form opened it, the values the user saved, and the record as it is now. */
type Conflict = { opened: Partial<RaRecord>; attempted: Partial<RaRecord>; current: RaRecord; changes: FieldChange[] };

function ConflictPanel({
  conflict,
  useReading,
  onSettled,
  onRefusedAgain,
  onLeave,
}: {
  conflict: Conflict | null;
  useReading?: UseHistoryReading;
  onSettled: () => void;
  onRefusedAgain: (conflict: Conflict) => void;
  onLeave: () => void;
}) {
  const { resource, refetch, redirect: redirectTo } = useEditContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const redirect = useRedirect();
  const refresh = useRefreshOutreach();
  const [busy, setBusy] = useState(false);
  if (!conflict || !resource) return null;
  return (
    <Box sx={{ p: 2, pb: 0 }}>
      <ConflictNotice
        changes={conflict.changes}
        useReading={useReading}
        busy={busy}
        onReload={async () => {
          setBusy(true);
          // The form takes the record's current values when it reloads.
          await refetch();
          setBusy(false);
          onSettled();
        }}
        onOverwrite={async () => {
          setBusy(true);
          try {
            // Only the fields the user changed go over the record as it is now, against the version the
            // user has now seen: a third change meanwhile is refused again.
            const data = mineOverLatest(conflict.opened, conflict.attempted, conflict.current);
            const saved = await dataProvider.update(resource, { id: conflict.current.id, data, previousData: conflict.current });
            await refresh(resource);
            notify('Saved over the other change.', { type: 'success' });
            onSettled();
            // The form still holds the saved values as unsaved changes: leaving it now loses nothing.
            onLeave();
            redirect(redirectTo === false ? false : (redirectTo ?? 'show'), resource, saved.data.id, saved.data);
          } catch (error) {
            // Changed once more since the notice showed it: the notice now tells every change since the
            // form opened, that one with them (its first column is what the user opened, and Overwrite
            // keeps them all), and the next Overwrite saves the user's fields over it.
            const current =
              statusOf(error) === 412
                ? await dataProvider.getOne(resource, { id: conflict.current.id }).then(
                    (answer) => answer.data,
                    () => null,
                  )
                : null;
            if (current) {
              onRefusedAgain({ ...conflict, current, changes: changesSince(conflict.opened, current) });
              notify('The record changed again meanwhile: the notice now shows every change since you opened it.', { type: 'warning' });
            } else {
              notify((error as Error).message, { type: 'error' });
            }
          } finally {
            setBusy(false);
          }
        }}
      />
    </Box>
  );
}

/**
 * The form once the record has been fetched for it. Opened from a list, the form would start from the
 * list's copy of the record and be reset when the fetched one arrived, undoing what the user had
 * typed meanwhile; it waits for that fetch instead (a later refetch, such as Reload after a conflict,
 * finds it shown).
 */
function FormOnceFetched({ children }: { children: ReactNode }) {
  const { isFetching } = useEditContext();
  const [fetched, setFetched] = useState(!isFetching);
  useEffect(() => {
    if (!isFetching) setFetched(true);
  }, [isFetching]);
  return fetched ? children : <LinearProgress aria-label="Loading the record" />;
}

/**
 * A react-admin Edit for an outreach record: saves pessimistically with `If-Match` (the version the
 * form was opened at). A 412 shows what changed meanwhile, field by field, and offers to reload or to
 * save the user's changed fields over the record as it is now, its fields read as the record's History reads them (`useHistoryReading`). The form waits
 * for the record's fetch; server validation errors appear under their fields; other failures as a toast.
 */
export function ConflictAwareEdit({
  children,
  useHistoryReading,
  ...props
}: Omit<EditProps, 'children' | 'mutationMode'> & { children: ReactNode; useHistoryReading?: UseHistoryReading }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [savedOver, setSavedOver] = useState(false);
  const { onError: onLoadError, deletion, restored } = useRecordLoadFailure();
  if (deletion) return <DeletedRecord deletion={deletion} useHistoryReading={useHistoryReading} onRestored={restored} />;
  return (
    <Edit
      {...props}
      queryOptions={{ onError: onLoadError }}
      mutationMode="pessimistic"
      mutationOptions={{
        onError: async (error: unknown, variables: { resource?: string; id?: RaRecord['id']; data?: Partial<RaRecord>; previousData?: RaRecord }) => {
          if (statusOf(error) === 412 && variables.resource && variables.id !== undefined) {
            const current = (await dataProvider.getOne(variables.resource, { id: variables.id })).data;
            const opened = variables.previousData ?? {};
            setConflict({
              opened,
              attempted: variables.data ?? {},
              current,
              changes: changesSince(opened, current),
            });
            return;
          }
          const fieldErrors = (error as { body?: { errors?: Record<string, unknown> } }).body?.errors;
          if (fieldErrors && Object.keys(fieldErrors).length > 0) return;
          notify((error as Error).message || 'The change could not be saved.', { type: 'error' });
        },
      }}
    >
      <ConflictPanel conflict={conflict} useReading={useHistoryReading} onSettled={() => setConflict(null)} onRefusedAgain={setConflict} onLeave={() => setSavedOver(true)} />
      <AskBeforeLeaving.Provider value={!savedOver}>
        <FormOnceFetched>{children}</FormOnceFetched>
      </AskBeforeLeaving.Provider>
    </Edit>
  );
}
