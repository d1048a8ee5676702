import { useState } from 'react';

/** The columns the user picked for a list (kept in this browser), or null while the list fits itself to the page. */
export function usePickedColumns(storageKey: string): [string[] | null, (ids: string[] | null) => void] {
  const [picked, setPicked] = useState<string[] | null>(() => {
    try {
      const stored: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? 'null');
      return Array.isArray(stored) && stored.every((id) => typeof id === 'string') ? stored : null;
    } catch {
      return null;
    }
  });
  const pick = (ids: string[] | null) => {
    setPicked(ids);
    if (ids) window.localStorage.setItem(storageKey, JSON.stringify(ids));
    else window.localStorage.removeItem(storageKey);
  };
  return [picked, pick];
}
