import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import PublicIcon from '@mui/icons-material/PublicOutlined';
import { useDataProvider } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { isRunning, progressPercent, SYNC_POLL_MS, syncNotice } from '../../lib/sync.ts';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import type { SyncStatus } from '../../providers/services.ts';
import { SectionCard } from '../../ui/SectionCard.tsx';
import { useToast } from '../../ui/Toast.tsx';

/**
 * Bulk Data Sync: starts the FDIC institutions and financials sync and follows it with a progress bar,
 * polling every 3 s until it completes or fails; a failed poll is tried again while the sync was running, else
 * polling stops. Status is fetched once on opening.
 */
export function SyncCard() {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [status, setStatus] = useState<SyncStatus | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [profilesBusy, setProfilesBusy] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const previous = useRef<SyncStatus['status'] | undefined>(undefined);
  const mounted = useRef(true);

  const poll = useCallback(async () => {
    try {
      const next = await dataProvider.syncStatus();
      setStatus(next);
      setError(null);
      // Why a start was refused stops mattering once the sync it deferred to has ended.
      if (previous.current === 'running' && next.status !== 'running') setStartError(null);
      if (previous.current === 'running' && next.status === 'complete') {
        // New data: the banner, dashboard and lists must read it again.
        void queryClient.invalidateQueries({ queryKey: ['fdic'] });
      }
      previous.current = next.status;
      window.clearTimeout(timer.current);
      if (isRunning(next) && mounted.current) timer.current = window.setTimeout(poll, SYNC_POLL_MS);
    } catch (failure) {
      setError(`The sync status could not be loaded. ${(failure as Error).message}`);
      // A database restarting answers 503 for a while: a sync this card was following is asked about
      // again, so the card takes it up once the server answers instead of showing the failure for good.
      window.clearTimeout(timer.current);
      if (previous.current === 'running' && mounted.current) timer.current = window.setTimeout(poll, SYNC_POLL_MS);
    }
  }, [dataProvider, queryClient]);

  useEffect(() => {
    mounted.current = true;
    void poll();
    return () => {
      mounted.current = false;
      window.clearTimeout(timer.current);
    };
  }, [poll]);

  const start = async () => {
    setStarting(true);
    setError(null);
    setStartError(null);
    try {
      await dataProvider.startInstitutionSync();
      window.clearTimeout(timer.current);
      previous.current = 'running';
      await poll();
    } catch (failure) {
      setStartError(`Sync failed to start: ${(failure as Error).message}`);
      // Refused because a sync started elsewhere runs (409): follow that one instead of showing the last result.
      window.clearTimeout(timer.current);
      await poll();
    } finally {
      setStarting(false);
    }
  };

  const syncProfiles = async () => {
    setProfilesBusy(true);
    try {
      const answer = await dataProvider.syncCommunityProfiles();
      toast.success(answer?.message || 'Community profiles synced.');
    } catch (failure) {
      toast.error(`Sync failed: ${(failure as Error).message}`);
    } finally {
      setProfilesBusy(false);
    }
  };

  const notice = syncNotice(status);
  const running = isRunning(status);
  return (
    <SectionCard title="Bulk Data Sync" subtitle="Refresh the regulator data every screen reads." testId="bulk-sync">
      <Stack spacing={2}>
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Downloads every active FDIC-insured institution, recent structure changes (mergers, name changes, relocations), bank failures and the latest quarterly financials. Replaces the demo data when it runs for the first time.
          </Typography>
          <Button variant="contained" startIcon={<SyncIcon />} onClick={start} disabled={starting || running}>
            Sync FDIC Institutions & Financials
          </Button>
        </Box>
        {(running || status?.status === 'complete') && (
          <Box>
            <LinearProgress variant="determinate" value={progressPercent(status)} aria-label="Sync progress" />
            <Typography variant="caption" color="text.secondary">
              {status && status.total > 0 ? `${status.progress.toLocaleString('en-US')} of ${status.total.toLocaleString('en-US')}` : 'Preparing...'}
            </Typography>
          </Box>
        )}
        {notice && (
          <Alert severity={notice.severity}>
            {notice.text}
            {notice.detail && (
              <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="sync-detail">
                {notice.detail}
              </Typography>
            )}
          </Alert>
        )}
        {startError && <Alert severity="error">{startError}</Alert>}
        {error && <Alert severity="error">{error}</Alert>}
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Fetches Census community profiles for every metro and combined statistical area the banks are in.
          </Typography>
          <Button variant="outlined" startIcon={<PublicIcon />} onClick={syncProfiles} disabled={profilesBusy}>
            {profilesBusy ? 'Syncing Community Profiles...' : 'Sync Community Profiles'}
          </Button>
        </Box>
      </Stack>
    </SectionCard>
  );
}
