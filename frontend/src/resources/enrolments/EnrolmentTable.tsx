import { useCallback, useEffect, useState } from 'react';
import { Box, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import PauseIcon from '@mui/icons-material/PauseCircleOutline';
import PlayIcon from '@mui/icons-material/PlayCircleOutline';
import StopIcon from '@mui/icons-material/StopCircleOutlined';
import type { EnrolmentRecord } from '../../../../domain/records/enrolment.ts';
import { useToast } from '../../ui/Toast.tsx';
import { enrolmentsApi, nextStepText, statusText, type EnrolmentFilter } from './api.ts';

const statusColor = { active: 'success', paused: 'warning', completed: 'info', stopped: 'default' } as const;

/** Loads the enrolments of a filter and reloads them after each action (and when `reloadKey` changes). */
export function useEnrolments(filter: EnrolmentFilter, reloadKey = 0) {
  const [enrolments, setEnrolments] = useState<EnrolmentRecord[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const key = JSON.stringify(filter);
  const load = useCallback(() => {
    enrolmentsApi
      .list(JSON.parse(key) as EnrolmentFilter)
      .then((rows) => {
        setEnrolments(rows);
        setError(undefined);
      })
      .catch((failure: Error) => setError(failure.message));
  }, [key]);
  useEffect(load, [load, reloadKey]);
  return { enrolments, error, reload: load };
}

/**
 * Enrolments as a list: who and in which workflow, status, the next step (what and when), and Pause,
 * Resume and Stop. `show` picks the names: the contact (a workflow's list), the workflow (a contact's),
 * or both (a bank's). Narrow enough for a column of a target's card.
 */
export function EnrolmentTable({
  filter,
  show,
  reloadKey,
  emptyText,
  onChanged,
}: {
  filter: EnrolmentFilter;
  show: Array<'contact' | 'workflow'>;
  reloadKey?: number;
  emptyText: string;
  /** Called after a pause, resume or stop, for what shows the same enrolments otherwise (a workflow's statistics). */
  onChanged?: () => void;
}) {
  const { enrolments, error, reload } = useEnrolments(filter, reloadKey);
  const toast = useToast();
  const act = (action: (id: string) => Promise<unknown>, id: string, done: string) =>
    action(id)
      .then(() => toast.success(done))
      .catch((failure: Error) => toast.error(failure.message))
      .finally(() => {
        reload();
        onChanged?.();
      });
  if (error) return <Typography color="error">{error}</Typography>;
  if (!enrolments) return <Typography color="text.secondary">Loading automations...</Typography>;
  if (enrolments.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <Box component="ul" aria-label="Enrolments" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {enrolments.map((enrolment) => {
        const names = [show.includes('contact') ? enrolment.contactName : null, show.includes('workflow') ? enrolment.workflowName : null].filter(Boolean).join(' · ');
        const label = show.includes('contact') ? enrolment.contactName : enrolment.workflowName;
        return (
          <Stack
            key={enrolment.id}
            component="li"
            direction="row"
            data-testid="enrolment-row"
            spacing={1}
            sx={{ alignItems: 'center', py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {names}
                </Typography>
                <Tooltip title={enrolment.stopDetail ?? ''}>
                  <Chip size="small" variant="outlined" color={statusColor[enrolment.status]} label={statusText(enrolment)} />
                </Tooltip>
              </Stack>
              <Typography variant="caption" color="text.secondary" component="div">
                {enrolment.nextStep ? `Next: ${nextStepText(enrolment)}` : `${enrolment.stepsSent} of ${enrolment.stepCount} steps run`}
              </Typography>
            </Box>
            <Stack direction="row" sx={{ flexShrink: 0 }}>
              {enrolment.status === 'active' && (
                <IconButton size="small" aria-label={`Pause ${label}`} onClick={() => act(enrolmentsApi.pause, enrolment.id, 'Automation paused.')}>
                  <PauseIcon fontSize="small" />
                </IconButton>
              )}
              {enrolment.status === 'paused' && (
                <IconButton size="small" aria-label={`Resume ${label}`} onClick={() => act(enrolmentsApi.resume, enrolment.id, 'Automation resumed.')}>
                  <PlayIcon fontSize="small" />
                </IconButton>
              )}
              {(enrolment.status === 'active' || enrolment.status === 'paused') && (
                <IconButton size="small" aria-label={`Stop ${label}`} onClick={() => act(enrolmentsApi.stop, enrolment.id, 'Automation stopped.')}>
                  <StopIcon fontSize="small" />
                </IconButton>
              )}
            </Stack>
          </Stack>
        );
      })}
    </Box>
  );
}
