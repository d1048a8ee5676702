import { Alert, Box, Paper, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { RenderedEmail } from '../../providers/services.ts';

/** The rendered subject and body as plain preformatted text (never HTML), or why there is none. */
export function RenderedPreview({ result, emptyText }: { result: UseQueryResult<RenderedEmail>; emptyText: string }) {
  if (result.error) return <Alert severity="error">{(result.error as Error).message}</Alert>;
  if (!result.data) {
    return (
      <Typography variant="body2" color="text.secondary">
        {result.isFetching ? 'Rendering...' : emptyText}
      </Typography>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 2, bgcolor: 'action.hover' }} data-testid="rendered-preview">
      {result.data.subject && (
        <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1, overflowWrap: 'anywhere' }}>
          {result.data.subject}
        </Typography>
      )}
      <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', fontSize: 14 }}>
        {result.data.body}
      </Box>
    </Paper>
  );
}
