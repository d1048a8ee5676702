import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { countOf } from '../../../../domain/format.ts';
import { enrolmentsApi } from '../enrolments/api.ts';

/**
 * Above a workflow's steps while it is edited: the contacts going through it (active or paused) keep
 * the steps they started with, so a step removed here is still sent to them. Nothing while none are.
 */
export function RunningEnrolmentsNote({ workflowId }: { workflowId: string }) {
  const statistics = useQuery({ queryKey: ['workflow-statistics', workflowId], queryFn: () => enrolmentsApi.statistics(workflowId) });
  const running = statistics.data ? statistics.data.active + statistics.data.paused : 0;
  if (running === 0) return null;
  return (
    <Alert severity="info" data-testid="running-enrolments-note">
      {countOf(running, 'contact')} {running === 1 ? 'is' : 'are'} going through this workflow and keep{running === 1 ? 's' : ''} the steps they started with: changes here apply
      to automations started from now on.
    </Alert>
  );
}
