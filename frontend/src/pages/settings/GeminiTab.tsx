import { Typography } from '@mui/material';

/** AI connection and tests (not built yet). */
export function GeminiTab() {
  return <Typography color="text.secondary">The AI connection and its test tools will be shown here once this tab is released.</Typography>;
}
