import { useCallback, useEffect, useState } from 'react';
import { Box, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import PauseIcon from '@mui/icons-material/PauseCircleOutline';
import PlayIcon from '@mui/icons-material/PlayCircleOutline';
import StopIcon from '@mui/icons-material/StopCircleOutlined';
import { isRunningEnrolment, type EnrolmentRecord } from '../../../../domain/records/enrolment.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { enrolmentsApi, nextStepText, statusDetail, statusText, stopWords, type EnrolmentFilter } from './api.ts';
import { ShowMoreRows, useRowsShown } from '../../ui/ShowMoreRows.tsx';

const statusColor = { active: 'success', paused: 'warning', completed: 'info', stopped: 'default' } as const;
/** How often enrolments that are stopping are asked for again, and for how long at most: the scheduler records a stop within its round (5 s). */
const stoppingRecheckMs = 3_000;
const stoppingRechecks = 20;
/** The empty list a table shows rows of while the enrolments load (one array, so the rows shown stay put). */
const noEnrolments: EnrolmentRecord[] = [];

/**
 * Loads the enrolments of a filter and reloads them after each action, when `reloadKey` changes and
 * when the user comes back to the tab. While some are stopping (a stop condition holds, the
 * scheduler has yet to record it), asks again every few seconds until they show as stopped.
 */
export function useEnrolments(filter: EnrolmentFilter, reloadKey: unknown = 0) {
  const [enrolments, setEnrolments] = useState<EnrolmentRecord[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [rechecks, setRechecks] = useState(0);
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
  useEffect(() => {
    setRechecks(0);
    load();
  }, [load, reloadKey]);
  useEffect(() => {
    // Back on this tab, they may have changed meanwhile: a reply marked in another tab, steps run.
    const reloadWhenShown = () => {
      if (document.visibilityState === 'visible') load();
    };
    document.addEventListener('visibilitychange', reloadWhenShown);
    return () => document.removeEventListener('visibilitychange', reloadWhenShown);
  }, [load]);
  const stopping = enrolments?.some((enrolment) => enrolment.stopping !== null) ?? false;
  useEffect(() => {
    if (!stopping || rechecks >= stoppingRechecks) return;
    const timer = setTimeout(() => {
      setRechecks((count) => count + 1);
      load();
    }, stoppingRecheckMs);
    return () => clearTimeout(timer);
  }, [stopping, rechecks, load]);
  return { enrolments, error, reload: load };
}

/** What stopping an enrolment does: no further step, no resuming, and starting again begins at step 1. */
const stopQuestion = (enrolment: EnrolmentRecord) =>
  `${enrolment.contactName} stops going through "${enrolment.workflowName}": no further step runs, and a stopped automation cannot be resumed (started again, it begins at step 1).${enrolment.status === 'active' ? ' To hold it for a while, pause it instead.' : ''}`;

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
  maxHeight,
}: {
  filter: EnrolmentFilter;
  show: Array<'contact' | 'workflow'>;
  /** A change of it loads the enrolments again (what they depend on changed elsewhere). */
  reloadKey?: unknown;
  emptyText: string;
  /** Called after a pause, resume or stop, for what shows the same enrolments otherwise (a workflow's statistics). */
  onChanged?: () => void;
  /** Scrolls within this height (a column of a target's card, beside its scrolling contacts and tasks). */
  maxHeight?: number;
}) {
  const { enrolments, error, reload } = useEnrolments(filter, reloadKey);
  const { shown, hidden, showMore } = useRowsShown(enrolments ?? noEnrolments);
  const toast = useToast();
  const [askingToStop, setAskingToStop] = useState<EnrolmentRecord | null>(null);
  const act = (action: (id: string) => Promise<unknown>, id: string, done: string) =>
    action(id)
      .then(() => toast.success(done))
      .catch((failure: Error) => toast.error(failure.message))
      .finally(() => {
        reload();
        onChanged?.();
      });
  // in the small text of the empty and loading lines beside it (a bank's contacts, its outreach history)
  if (error) return <Typography variant="body2" color="error">{error}</Typography>;
  if (!enrolments) return <Typography variant="body2" color="text.secondary">Loading automations...</Typography>;
  if (enrolments.length === 0) return <Typography variant="body2" color="text.secondary">{emptyText}</Typography>;
  return (
    <Box component="ul" aria-label="Enrolments" sx={{ listStyle: 'none', m: 0, p: 0, maxHeight, overflowY: maxHeight ? 'auto' : undefined }}>
      {shown.map((enrolment) => {
        const names = [show.includes('contact') ? enrolment.contactName : null, show.includes('workflow') ? enrolment.workflowName : null].filter(Boolean).join(' · ');
        const label = show.includes('contact') ? enrolment.contactName : enrolment.workflowName;
        const words = stopWords(enrolment);
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
                <Tooltip title={statusDetail(enrolment)}>
                  <Chip size="small" variant="outlined" color={enrolment.stopping ? 'default' : statusColor[enrolment.status]} label={statusText(enrolment)} />
                </Tooltip>
              </Stack>
              {/* The reason the user typed when stopping it: as text, on a line of its own, not only in the chip's tooltip. */}
              {words && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                  Reason: {words}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary" component="div">
                {enrolment.nextStep && !enrolment.stopping ? `Next: ${nextStepText(enrolment)}` : `${enrolment.stepsSent} of ${enrolment.stepCount} steps run`}
              </Typography>
            </Box>
            <Stack direction="row" sx={{ flexShrink: 0 }}>
              {enrolment.status === 'active' && !enrolment.stopping && (
                <IconButton size="small" aria-label={`Pause ${label}`} onClick={() => act(enrolmentsApi.pause, enrolment.id, 'Automation paused.')}>
                  <PauseIcon fontSize="small" />
                </IconButton>
              )}
              {enrolment.status === 'paused' && !enrolment.stopping && (
                <IconButton size="small" aria-label={`Resume ${label}`} onClick={() => act(enrolmentsApi.resume, enrolment.id, 'Automation resumed.')}>
                  <PlayIcon fontSize="small" />
                </IconButton>
              )}
              {isRunningEnrolment(enrolment.status) && (
                <IconButton size="small" aria-label={`Stop ${label}`} onClick={() => setAskingToStop(enrolment)}>
                  <StopIcon fontSize="small" />
                </IconButton>
              )}
            </Stack>
          </Stack>
        );
      })}
      <ShowMoreRows hidden={hidden} noun="automation" onClick={showMore} />
      {/* A stop cannot be undone, and the button sits beside Pause: one click ended the contact's sequence, which starts again at step 1. */}
      <ConfirmDialog
        open={askingToStop !== null}
        title="Stop this automation?"
        body={askingToStop ? stopQuestion(askingToStop) : ''}
        confirmText="Stop Automation"
        destructive
        onCancel={() => setAskingToStop(null)}
        onConfirm={() => {
          if (askingToStop) void act(enrolmentsApi.stop, askingToStop.id, 'Automation stopped.');
          setAskingToStop(null);
        }}
      />
    </Box>
  );
}
