import { Alert, AlertTitle, Box, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { FieldChange } from './conflict.ts';
import { readAsStored, readChanges, type UseHistoryReading } from './history.ts';

/**
 * Shown when a save is refused because the record changed since the form was opened: what changed,
 * and the two ways on: reload (take the current record, the typed changes are dropped) or overwrite
 * (save the fields the user changed over the current record: a field both changed takes the user's
 * value, the other changes are kept). The changes read as the record's History reads them (`useReading`):
 * fields by their labels, values as the screens write them.
 */
export function ConflictNotice({
  changes,
  useReading = readAsStored,
  busy = false,
  onReload,
  onOverwrite,
}: {
  changes: FieldChange[];
  useReading?: UseHistoryReading;
  busy?: boolean;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  const asHistory = changes.map(({ field, opened, now }) => ({ field, from: opened, to: now }));
  const reading = useReading([{ changes: asHistory }]);
  const { lines, group } = readChanges(asHistory, reading);
  const shown = [...lines, ...group];
  return (
    <Alert severity="warning" data-testid="conflict-notice" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>This record was changed after you opened it</AlertTitle>
      {shown.length > 0 ? (
        <Box sx={{ my: 1 }}>
          {/* The columns share the width and their values wrap: scrolled sideways, a phone hid the Now column. */}
          <Table size="small" aria-label="Changes since you opened the form" sx={{ tableLayout: 'fixed', '& th, & td': { whiteSpace: 'normal', overflowWrap: 'anywhere', px: 1 } }}>
            <TableHead>
              <TableRow>
                <TableCell>Field</TableCell>
                <TableCell>When you opened it</TableCell>
                <TableCell>Now</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((line) => (
                <TableRow key={line.field}>
                  <TableCell>{line.label}</TableCell>
                  <TableCell>{line.from ?? '—'}</TableCell>
                  <TableCell>{line.to}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : (
        <Box sx={{ my: 1 }}>No field you can see changed (it may have been deleted and restored, or only its bookkeeping moved).</Box>
      )}
      <Box sx={{ mb: 1 }}>Overwrite with mine keeps these changes, except in the fields you changed too: those take yours.</Box>
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="outlined" color="inherit" onClick={onReload} disabled={busy}>
          Reload (drop my changes)
        </Button>
        <Button size="small" variant="contained" color="warning" onClick={onOverwrite} disabled={busy}>
          Overwrite with mine
        </Button>
      </Stack>
    </Alert>
  );
}
