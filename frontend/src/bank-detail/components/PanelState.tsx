import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A spinner with the panel's loading text ('Loading Locations...'). The text says it: the spinner is
 * hidden from screen readers, which would otherwise meet a progress bar with no name.
 */
export function PanelLoading({ text = 'Loading...' }: { text?: string }) {
  return (
    <Box role="status" data-testid="panel-loading" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4, justifyContent: 'center', color: 'text.secondary' }}>
      <CircularProgress size={22} aria-hidden />
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
}

export function PanelError({ children }: { children: ReactNode }) {
  return (
    <Alert severity="error" sx={{ my: 2 }}>
      {children}
    </Alert>
  );
}

/** The empty-state sentence of a panel. */
export function PanelEmpty({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}
