import { useState } from 'react';
import { Alert, Box, Button, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useDataProvider } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatLocalMoment } from '../../../../domain/format.ts';
import type { ReadModelsStatus } from '../../../../domain/records/read-models.ts';
import { phaseLabel, rebuildPercent, rebuildProgressText, REBUILD_POLL_MS } from '../../lib/rebuild.ts';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { SectionCard } from '../../ui/SectionCard.tsx';

/**
 * Read models: each projection by name, its version in code and when its table was built, and a rebuild of them all. The new
 * tables are built beside the serving ones (every screen keeps answering) and switched at the end;
 * the card follows the rebuild every second: events done of total, rate, time left, phase. Below,
 * how far the activity search index, filled in the background, has yet to go for the user.
 */
export function ReadModelsCard() {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status = useQuery({
    queryKey: ['read-models'],
    queryFn: () => dataProvider.readModels(),
    // Followed while a rebuild runs, and while the search index catches up after one.
    refetchInterval: (query) => (query.state.data?.rebuild?.status === 'running' || (query.state.data?.activitySearch?.eventsToIndex ?? 0) > 0 ? REBUILD_POLL_MS : false),
  });
  const searchIndex = status.data?.activitySearch ?? null;
  const run = status.data?.rebuild ?? null;
  const titleOf = (name: string) => status.data?.projections.find((projection) => projection.name === name)?.title ?? name;
  const running = run?.status === 'running';

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      const { rebuild } = await dataProvider.rebuildReadModels();
      // The card follows the new run at once: until the next status answers (on the embedded database
      // not before the rebuild lets go of it) it would otherwise show the previous run, 'Rebuilt ...'.
      queryClient.setQueryData<ReadModelsStatus>(['read-models'], (current) => (current ? { ...current, rebuild } : current));
      void queryClient.invalidateQueries({ queryKey: ['read-models'] });
    } catch (failure) {
      setError(`The rebuild did not start: ${(failure as Error).message}`);
    } finally {
      setStarting(false);
    }
  };

  return (
    <SectionCard title="Read Models" subtitle="Rebuild the outreach tables from the event history." testId="read-models">
      <Stack spacing={2}>
        {status.data?.eventStore === 'eventstoredb' ? (
          // The server refuses the rebuild there: say what to do instead of offering a button that fails.
          <Alert severity="info" data-testid="read-models-eventstoredb">
            Events are kept in EventStoreDB, and these tables follow it: each event is projected as soon as it is stored. To replay them from the first event, stop the server, run{' '}
            <Box component="code" sx={{ fontFamily: 'monospace' }}>
              npm run projections:rebuild
            </Box>
            , and start it again.
          </Alert>
        ) : (
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Replays every recorded event into new tables beside the ones in use, then switches to them at once. Screens keep answering meanwhile.
            </Typography>
            <Button variant="contained" startIcon={<AutorenewIcon />} onClick={start} disabled={starting || running || status.isPending}>
              Rebuild Read Models
            </Button>
          </Box>
        )}
        {run && (
          <Box data-testid="rebuild-progress">
            <LinearProgress variant="determinate" value={rebuildPercent(run)} aria-label="Rebuild progress" color={run.status === 'failed' ? 'error' : 'primary'} />
            <Typography variant="caption" color="text.secondary" component="div">
              {rebuildProgressText(run)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {run.status === 'running' ? phaseLabel(run.phase) : run.status === 'complete' ? `Rebuilt ${run.projections.map(titleOf).join(', ')}.` : ''}
            </Typography>
          </Box>
        )}
        {run?.status === 'failed' && <Alert severity="error">Rebuild failed: {run.error ?? 'the server gave no reason'}</Alert>}
        {error && <Alert severity="error">{error}</Alert>}
        {status.error && <Alert severity="error">The read models could not be loaded. {status.error.message}</Alert>}
        {status.data && (
          <Table size="small" aria-label="Read models">
            <TableHead>
              <TableRow>
                <TableCell>Read model</TableCell>
                <TableCell align="right">Version</TableCell>
                <TableCell align="right">Built</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {status.data.projections.map((projection) => (
                <TableRow key={projection.name} data-testid="read-model">
                  <TableCell>
                    {projection.title}
                    {/* The name the rebuild command takes (npm run projections:rebuild <name>). */}
                    <Typography variant="caption" color="text.secondary" component="div" sx={{ fontFamily: 'monospace' }}>
                      {projection.name}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">v{projection.version}</TableCell>
                  <TableCell align="right">
                    {projection.builtAt ? formatLocalMoment(projection.builtAt) : 'Never rebuilt'}
                    {projection.stale && <Chip size="small" color="warning" label={`Built by v${projection.builtVersion}, rebuild due`} sx={{ display: 'flex', width: 'fit-content', ml: 'auto', mt: 0.5 }} />}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {searchIndex && (
          <Typography variant="body2" color="text.secondary" data-testid="activity-search-index">
            {searchIndex.eventsToIndex === 0
              ? 'Activity search index: up to date.'
              : `Activity search index: ${searchIndex.eventsToIndex.toLocaleString('en-US')} of your events still to index. Searching Activity reads them directly meanwhile, so it may be slower.`}
          </Typography>
        )}
      </Stack>
    </SectionCard>
  );
}
