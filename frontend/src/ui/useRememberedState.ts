import { useEffect, useState } from 'react';
import { readUser } from '../providers/session.ts';

/** Values of `useRememberedState`, by signed-in user and key, for the life of the page. */
const remembered = new Map<string, unknown>();

/**
 * `useState` whose value outlives the screen: a user who leaves a screen (starring a bank takes
 * them to Targets) and comes back, by Back or the menu, finds the search, filters and page as they
 * left them. Kept in this tab's memory per signed-in user, so another user, or a reload, starts afresh.
 */
export function useRememberedState<T>(key: string, initial: T | (() => T)) {
  // Read once per mount: the signed-in user is read from storage, and a screen is mounted afresh on signing in.
  const [slot] = useState(() => `${readUser()?.id ?? ''}:${key}`);
  const [value, setValue] = useState<T>(() => (remembered.has(slot) ? (remembered.get(slot) as T) : initial instanceof Function ? initial() : initial));
  useEffect(() => {
    remembered.set(slot, value);
  }, [slot, value]);
  return [value, setValue] as const;
}
