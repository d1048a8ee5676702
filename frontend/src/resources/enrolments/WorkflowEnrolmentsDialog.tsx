import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography, useTheme } from '@mui/material';
import type { WorkflowStatistics } from '../../../../domain/records/enrolment.ts';
import { enrolmentOutcomes, enrolmentsApi, reachedText, type EnrolmentOutcome } from './api.ts';
import { EnrolmentTable } from './EnrolmentTable.tsx';
import { countOf } from '../../../../domain/format.ts';

/** The colour of each part, in the bar and on its chip: one colour an outcome. */
const outcomeColor = { active: 'success', paused: 'warning', completed: 'primary', replied: 'secondary', unsubscribed: 'info', failed: 'error', stopped: 'default' } as const;

/**
 * Where a workflow's enrolments stand, as one bar parted by outcome (each part as wide as its share
 * of the enrolled), with a legend that gives the counts; above it, how many a step reached and how
 * many emails went out.
 */
function EnrolmentOutcomes({ statistics }: { statistics: WorkflowStatistics }) {
  const theme = useTheme();
  const outcomes = enrolmentOutcomes(statistics);
  const fill = (key: EnrolmentOutcome['key']) => {
    const color = outcomeColor[key];
    return color === 'default' ? theme.palette.grey[500] : theme.palette[color].main;
  };
  const shown = outcomes.filter((outcome) => outcome.count > 0);
  return (
    <Stack spacing={1.5} data-testid="workflow-outcomes">
      <Typography variant="body2" color="text.secondary">
        {statistics.enrolled} enrolled · {reachedText(statistics)} · {countOf(statistics.emailsSent, 'email')} sent
      </Typography>
      <Box
        role="img"
        aria-label={`Where the ${statistics.enrolled} enrolments stand: ${shown.map((outcome) => `${outcome.label} ${outcome.count}`).join(', ')}`}
        sx={{ display: 'flex', height: 20, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
      >
        {shown.map((outcome) => (
          <Box key={outcome.key} title={`${outcome.label}: ${outcome.count}`} sx={{ flexGrow: outcome.count, flexBasis: 0, bgcolor: fill(outcome.key), '&:not(:first-of-type)': { borderLeft: 2, borderColor: 'background.paper' } }} />
        ))}
      </Box>
      <Stack component="ul" direction="row" aria-label="Enrolments by outcome" sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}>
        {outcomes.map((outcome) => (
          <li key={outcome.key}>
            <Chip
              size="small"
              variant={outcome.count > 0 ? 'filled' : 'outlined'}
              color={outcomeColor[outcome.key]}
              label={`${outcome.label} ${outcome.count}`}
            />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** A workflow's statistics and its enrolments, with pause, resume and stop (after which the statistics are read again). */
export function WorkflowEnrolmentsDialog({ workflow, onClose }: { workflow: { id: string; name: string }; onClose: () => void }) {
  const [statistics, setStatistics] = useState<WorkflowStatistics | undefined>();
  const [error, setError] = useState<string | undefined>();
  const loadStatistics = useCallback(() => {
    enrolmentsApi.statistics(workflow.id).then(setStatistics, (failure: Error) => setError(failure.message));
  }, [workflow.id]);
  useEffect(loadStatistics, [loadStatistics]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="workflow-enrolments-title">
      <DialogTitle id="workflow-enrolments-title">Enrolments in {workflow.name}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          {error && <Typography color="error">{error}</Typography>}
          {statistics && statistics.enrolled > 0 && <EnrolmentOutcomes statistics={statistics} />}
          <EnrolmentTable filter={{ workflowId: workflow.id }} show={['contact']} onChanged={loadStatistics} emptyText="Nobody is enrolled yet: start an automation from a bank in Targets." />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
