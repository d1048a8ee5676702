import { Typography } from '@mui/material';

/** Placeholder preview (not built yet). */
export function PlaceholderEngineTab() {
  return <Typography color="text.secondary">A live preview of email placeholders on your banks and contacts will be shown here once this tab is released.</Typography>;
}
