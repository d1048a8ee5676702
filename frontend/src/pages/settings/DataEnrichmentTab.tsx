import { Typography } from '@mui/material';

/** Contact-finder and email-sending service keys (not built yet). */
export function DataEnrichmentTab() {
  return <Typography color="text.secondary">Keys for the contact-finder and email-sending services will be entered and tested here once this tab is released.</Typography>;
}
