import { useCallback } from 'react';
import { useNotify, useRedirect, useResourceContext } from 'react-admin';
import { messageOf, statusOf } from './problem.ts';

/**
 * What a record's page does when its record cannot be read: back to the list, saying why in the
 * record's words ('This workflow was not found: it may have been deleted.') when it is not there,
 * else the server's message (a failure is not a missing record), instead of react-admin's 'Element
 * does not exist' for both.
 */
export function useRecordLoadFailure() {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return useCallback(
    (error: unknown) => {
      if (statusOf(error) === 404) notify(`resources.${resource}.notifications.not_found`, { type: 'error', messageArgs: { _: 'This record was not found.' } });
      else notify(messageOf(error, 'The record could not be loaded. Try again in a moment.'), { type: 'error' });
      redirect('list', resource);
    },
    [notify, redirect, resource],
  );
}
