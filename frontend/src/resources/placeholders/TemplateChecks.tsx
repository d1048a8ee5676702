import { Box, Typography } from '@mui/material';
import { checkTemplate } from '../../../../domain/placeholders/index.ts';

/** The engine's verdict on a template text: a syntax error with its line and column, or the names it does not know. */
export function templateCheck(text: string): { error?: string; unknown: string[] } {
  const check = checkTemplate(text);
  return check.ok ? { unknown: check.unknown } : { error: check.message, unknown: [] };
}

/**
 * Unknown placeholders, each shown as written with a wavy underline, so a typo stands out before sending.
 * `lead` says whose they are and `consequence` what sending does with them (a hand-sent email shows them as N/A).
 */
export function UnknownPlaceholders({ names, lead = 'Unknown placeholders', consequence = 'they will show as N/A' }: { names: readonly string[]; lead?: string; consequence?: string }) {
  if (names.length === 0) return null;
  return (
    <Typography variant="body2" color="warning.main" data-testid="unknown-placeholders">
      {lead} ({consequence}):{' '}
      {names.map((name, index) => (
        <Box key={name} component="span" sx={{ textDecoration: 'underline wavy', textDecorationColor: (theme) => theme.palette.error.main, fontFamily: 'monospace' }}>
          {`{{${name}}}`}
          {index < names.length - 1 ? ', ' : ''}
        </Box>
      ))}
    </Typography>
  );
}
