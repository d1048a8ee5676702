import { formatLocalMoment } from '../../../domain/format.ts';
import type { SyncStatus } from '../providers/services.ts';

/** Bulk data sync display rules: poll every 3 s while running. */

export const SYNC_POLL_MS = 3000;
export const SYNC_COMPLETE = 'Institution sync finished successfully!';

export function isRunning(status: SyncStatus | undefined): boolean {
  return status?.status === 'running';
}

/** 0-100 from progress over total; 0 when the total is not known yet, 100 when complete. */
export function progressPercent(status: SyncStatus | undefined): number {
  if (!status) return 0;
  if (status.status === 'complete') return 100;
  if (!status.total || status.total <= 0) return 0;
  return Math.max(0, Math.min(100, (status.progress / status.total) * 100));
}

export type SyncNotice = { severity: 'success' | 'warning' | 'error' | 'info'; text: string; detail?: string } | null;

/**
 * What the card says for a status: success when complete, the failure reason on error, progress
 * while running. A run a shutdown or restart stopped did not fail: a warning, as starting it again continues it.
 */
export function syncNotice(status: SyncStatus | undefined): SyncNotice {
  if (!status) return null;
  switch (status.status) {
    case 'complete': {
      // What was synced and when: the user deciding whether to sync again reads it days later.
      const detail = [status.message, status.finishedAt ? `Finished ${formatLocalMoment(status.finishedAt)}.` : ''].filter(Boolean).join(' ');
      return { severity: 'success', text: SYNC_COMPLETE, ...(detail ? { detail } : {}) };
    }
    case 'stopped':
      return { severity: 'warning', text: 'Sync stopped', detail: status.message || 'Start it again to continue from where it stopped.' };
    case 'error':
      return { severity: 'error', text: `Sync failed: ${status.message || 'the server gave no reason'}` };
    case 'running':
      return { severity: 'info', text: status.message || 'Sync in progress...' };
    default:
      return status.message ? { severity: 'info', text: status.message } : null;
  }
}
