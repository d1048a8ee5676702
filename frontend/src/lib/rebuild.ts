import type { RebuildRun } from '../../../domain/records/read-models.ts';

/** Read model rebuild display rules: poll every second while one runs. */
export const REBUILD_POLL_MS = 1000;

const phaseLabels: Record<RebuildRun['phase'], string> = {
  counting: 'Counting events',
  building: 'Building new tables beside the serving ones',
  indexing: 'Creating indexes',
  'catching-up': 'Catching up with new events',
  switching: 'Switching to the new tables',
  done: 'Done',
};

export const phaseLabel = (phase: RebuildRun['phase']) => phaseLabels[phase];

/** 0-100 from events done over total; 100 once complete. */
export function rebuildPercent(run: RebuildRun | null | undefined): number {
  if (!run) return 0;
  if (run.status === 'complete') return 100;
  return run.total > 0 ? Math.max(0, Math.min(100, (run.done / run.total) * 100)) : 0;
}

/** "1:05" for 65 seconds, "12 s" under a minute. */
export function durationLabel(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole} s`;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** "12,000 of 40,000 events · 9,500 events/s · about 3 s left" (the ETA only while running). */
export function rebuildProgressText(run: RebuildRun): string {
  const parts = [`${run.done.toLocaleString('en-US')} of ${run.total.toLocaleString('en-US')} events`];
  if (run.ratePerSecond > 0) parts.push(`${Math.round(run.ratePerSecond).toLocaleString('en-US')} events/s`);
  if (run.status === 'running' && run.etaSeconds !== null) parts.push(`about ${durationLabel(run.etaSeconds)} left`);
  return parts.join(' · ');
}
