import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/**
 * After a change, the lists that show it load again: the named resources, plus the activity feed
 * and record histories, which every change adds to.
 */
export function useRefreshOutreach() {
  const queryClient = useQueryClient();
  return useCallback(
    (...resources: string[]) =>
      Promise.all(
        [...resources, 'activity', 'history'].map((resource) => queryClient.invalidateQueries({ queryKey: [resource] })),
      ).then(() => undefined),
    [queryClient],
  );
}
