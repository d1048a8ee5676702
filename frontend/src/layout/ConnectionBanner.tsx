import { useEffect, useRef } from 'react';
import { Alert } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useConnection } from '../providers/connection.ts';

/** What the banner says while the server cannot be reached, by why. */
export const CONNECTION_LOST_TEXT = {
  offline: 'You are offline. Nothing can be saved or loaded until the connection is back; what you typed stays on screen.',
  unreachable: 'The server cannot be reached right now. Nothing can be saved or loaded until it answers again; what you typed stays on screen.',
} as const;

/**
 * Says, above every screen, that the connection is lost and that the screen catches up by itself;
 * when the server answers again, every screen's data is asked for again (a list that failed to load
 * meanwhile shows its rows without a reload).
 */
export function ConnectionBanner() {
  const { state, returns } = useConnection();
  const queryClient = useQueryClient();
  const seenReturns = useRef(returns);
  useEffect(() => {
    if (returns === seenReturns.current) return;
    seenReturns.current = returns;
    void queryClient.invalidateQueries();
  }, [returns, queryClient]);

  if (state === 'connected') return null;
  return (
    <Alert severity="warning" variant="filled" role="status" sx={{ position: 'sticky', top: 8, zIndex: 'appBar', mb: 2, borderRadius: 2 }} data-testid="connection-lost">
      {CONNECTION_LOST_TEXT[state]} Trying again every few seconds.
    </Alert>
  );
}
