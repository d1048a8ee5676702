import { Alert, AlertTitle, Box, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { displayValue, type FieldChange } from './conflict.ts';
import { labelOf } from './labels.ts';

/**
 * Shown when a save is refused because the record changed since the form was opened: what changed,
 * and the two ways on: reload (take the current record, the typed changes are dropped) or overwrite
 * (save what was typed over it).
 */
export function ConflictNotice({
  changes,
  busy = false,
  onReload,
  onOverwrite,
}: {
  changes: FieldChange[];
  busy?: boolean;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  return (
    <Alert severity="warning" data-testid="conflict-notice" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>This record was changed after you opened it</AlertTitle>
      {changes.length > 0 ? (
        <Box sx={{ overflowX: 'auto', my: 1 }}>
          <Table size="small" aria-label="Changes since you opened the form">
            <TableHead>
              <TableRow>
                <TableCell>Field</TableCell>
                <TableCell>When you opened it</TableCell>
                <TableCell>Now</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {changes.map((change) => (
                <TableRow key={change.field}>
                  <TableCell>{labelOf(change.field)}</TableCell>
                  <TableCell>{displayValue(change.opened)}</TableCell>
                  <TableCell>{displayValue(change.now)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : (
        <Box sx={{ my: 1 }}>No field you can see changed (it may have been deleted and restored, or only its bookkeeping moved).</Box>
      )}
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
