import { Alert, Box, Chip, CircularProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDataProvider, useRecordContext, useResourceContext } from 'react-admin';
import type { CharterlineDataProvider, HistoryEntry } from '../../providers/dataProvider.ts';
import { withLocalMoments } from '../../../../domain/format.ts';
import { displayValue } from './conflict.ts';
import { changesOf, sourceLabels } from './history.ts';
import { labelOf } from './labels.ts';

/**
 * The History of one outreach record: its events oldest first, each with who, when, what happened,
 * what changed field by field (before → after) and where it came from (the app, the API, AI, a
 * workflow, an import). Works for any resource with `/history` (contacts, tasks, banks, templates,
 * workflows, sent emails); in a Show it takes the record and resource from the context.
 * `after` (a section of the record's own, such as the emails sent to a contact) shows below it once
 * the history is in: shown before, it was pushed down as the history came, under the user's pointer.
 */
export function RecordHistory({ resource: resourceProp, id: idProp, after }: { resource?: string; id?: string | number; after?: ReactNode }) {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const contextResource = useResourceContext();
  const record = useRecordContext();
  const resource = resourceProp ?? contextResource;
  const id = idProp ?? record?.id;
  const history = useQuery({
    queryKey: ['history', resource, id],
    queryFn: () => dataProvider.history(resource!, id!),
    enabled: Boolean(resource) && id !== undefined && id !== null,
  });

  if (history.isPending) return <CircularProgress size={20} aria-label="Loading history" />;
  return (
    <>
      <HistoryTable history={history} />
      {after}
    </>
  );
}

function HistoryTable({ history }: { history: UseQueryResult<HistoryEntry[]> }) {
  if (history.error) return <Alert severity="error">The history could not be loaded. {history.error.message}</Alert>;
  if (!history.data?.length) return <Typography color="text.secondary">No history yet.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Record history" data-testid="record-history">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>Event</TableCell>
            <TableCell>What changed</TableCell>
            <TableCell>Source</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {history.data.map((entry) => {
            const changes = changesOf(entry);
            return (
              <TableRow key={entry.version} data-testid="history-entry" data-event-type={entry.type} sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(entry.occurredAt).toLocaleString()}</TableCell>
                <TableCell>{entry.user.name ?? 'Unknown user'}</TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {labelOf(entry.type)}
                  </Typography>
                  {entry.summary && (
                    <Typography variant="caption" color="text.secondary">
                      {withLocalMoments(entry.summary)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {changes.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      —
                    </Typography>
                  ) : (
                    <Stack spacing={0.25}>
                      {changes.map((change) => (
                        <Typography key={change.field} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                          <Box component="span" sx={{ color: 'text.secondary' }}>
                            {labelOf(change.field)}:{' '}
                          </Box>
                          {change.from !== undefined && change.from !== null && (
                            <>
                              <Box component="span" sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>
                                {displayValue(change.from)}
                              </Box>
                              {' → '}
                            </>
                          )}
                          {displayValue(change.to)}
                        </Typography>
                      ))}
                    </Stack>
                  )}
                </TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" label={sourceLabels[entry.source] ?? entry.source} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
