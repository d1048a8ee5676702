import { Box, CircularProgress } from '@mui/material';

/** The spinner shown while a page's code or the session check loads. */
export function PageSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: fullScreen ? '100vh' : 320 }} role="progressbar" aria-label="Loading">
      <CircularProgress />
    </Box>
  );
}

export function FullScreenSpinner() {
  return <PageSpinner fullScreen />;
}
