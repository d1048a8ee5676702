import { useCallback, useState } from 'react';
import { useDataProvider, useNotify, useRedirect, useResourceContext } from 'react-admin';
import { useParams } from 'react-router';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { messageOf, statusOf } from './problem.ts';
import { isRestorable } from './restore.ts';

/** A deleted record of the user's own, as its page shows it: when it was deleted, and whether it can come back. */
export type Deletion = { resource: string; id: string; deletedAt: string; erased: boolean };

/**
 * The deletion of a record that is not there, read from its History, which answers for the user's
 * own records alone (deleted ones too): null when it never existed or is another user's, so that
 * their page says "not found" and reveals nothing.
 */
async function deletionOf(dataProvider: CharterlineDataProvider, resource: string, id: string): Promise<Deletion | null> {
  const entries = await dataProvider.history(resource, id).catch(() => null);
  const deleted = entries?.findLast((entry) => entry.type.endsWith('Deleted'));
  if (!entries || !deleted) return null;
  return { resource, id, deletedAt: deleted.occurredAt, erased: entries.some((entry) => entry.type.endsWith('Erased')) };
}

/**
 * What a record's page does when its record cannot be read. A deleted record of the user's own
 * (contact, task, template, workflow) stays on its page as `deletion`, which the page shows with
 * Restore; otherwise back to the list, saying why in the record's words ('This workflow was not
 * found: it may have been deleted.') when it is not there, else the server's message (a failure is
 * not a missing record), instead of react-admin's 'Element does not exist' for both. `restored`
 * shows the record again once it is back.
 */
export function useRecordLoadFailure() {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  const { id } = useParams<'id'>();
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const [deletion, setDeletion] = useState<Deletion | null>(null);
  const onError = useCallback(
    async (error: unknown) => {
      if (statusOf(error) === 404) {
        const found = resource && id !== undefined && isRestorable(resource) ? await deletionOf(dataProvider, resource, id) : null;
        if (found) return setDeletion(found);
        notify(`resources.${resource}.notifications.not_found`, { type: 'error', messageArgs: { _: 'This record was not found.' } });
      } else notify(messageOf(error, 'The record could not be loaded. Try again in a moment.'), { type: 'error' });
      redirect('list', resource);
    },
    [notify, redirect, resource, id, dataProvider],
  );
  const restored = useCallback(() => setDeletion(null), []);
  return { onError, deletion, restored };
}
