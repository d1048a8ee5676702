import { Typography } from '@mui/material';

/** API keys for the public API (not built yet). */
export function ApiAccessTab() {
  return <Typography color="text.secondary">API keys for the public API will be created and managed here once this tab is released.</Typography>;
}
