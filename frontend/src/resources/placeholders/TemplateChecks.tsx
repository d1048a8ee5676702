import { Box, Typography } from '@mui/material';
import { checkTemplate } from '../../../../domain/placeholders/index.ts';

/** The engine's verdict on a template text: a syntax error with its line and column, or the names it does not know. */
export function templateCheck(text: string): { error?: string; unknown: string[] } {
  const check = checkTemplate(text);
  return check.ok ? { unknown: check.unknown } : { error: check.message, unknown: [] };
}

/** Unknown placeholders, each shown as written with a wavy underline, so a typo stands out before sending. */
export function UnknownPlaceholders({ names }: { names: readonly string[] }) {
  if (names.length === 0) return null;
  return (
    <Typography variant="body2" color="warning.main" data-testid="unknown-placeholders">
      Unknown placeholders (they will show as N/A):{' '}
      {names.map((name, index) => (
        <Box key={name} component="span" sx={{ textDecoration: 'underline wavy', textDecorationColor: (theme) => theme.palette.error.main, fontFamily: 'monospace' }}>
          {`{{${name}}}`}
          {index < names.length - 1 ? ', ' : ''}
        </Box>
      ))}
    </Typography>
  );
}
