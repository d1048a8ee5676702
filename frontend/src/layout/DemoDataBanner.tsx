import { useEffect, useRef } from 'react';
import { Alert, LinearProgress, Link, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LinkBase, useDataProvider } from 'react-admin';
import type { CharterlineDataProvider } from '../providers/dataProvider.ts';

/** How often the screens ask how far the first start's demo load has come. */
const LOAD_POLL_MS = 1500;

/**
 * Tells the user plainly when the regulator data is the generated demo set, with the way to real
 * data; while a first start is still loading it, shows how far it has come and refreshes every
 * screen's data once it is complete.
 */
export function DemoDataBanner() {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['fdic', 'data-status'],
    queryFn: () => dataProvider.dataStatus(),
    staleTime: 60_000,
    retry: false,
    refetchInterval: (query) => (query.state.data?.demoLoad ? LOAD_POLL_MS : false),
  });
  const loading = data?.demoLoad ?? null;
  const wasLoading = useRef(false);
  useEffect(() => {
    if (loading) wasLoading.current = true;
    else if (wasLoading.current) {
      wasLoading.current = false;
      // Lists, charts and counts read while the set was half loaded.
      void queryClient.invalidateQueries();
    }
  }, [loading, queryClient]);

  if (loading) {
    const percent = loading.total > 0 ? Math.round((loading.loaded / loading.total) * 100) : 0;
    return (
      <Alert severity="info" variant="outlined" sx={{ mb: 2, borderRadius: 2, '& .MuiAlert-message': { flex: 1 } }} data-testid="demo-data-loading">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Loading demo data: {loading.loaded.toLocaleString('en-US')} of {loading.total.toLocaleString('en-US')} banks ({percent}%)
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Lists and charts fill in as the banks arrive and refresh when the load is complete.
        </Typography>
        <LinearProgress variant="determinate" value={percent} sx={{ mt: 1, borderRadius: 1 }} aria-label="Demo data loaded" />
      </Alert>
    );
  }
  if (!data?.isDemo) return null;
  return (
    <Alert severity="info" variant="outlined" sx={{ mb: 2, borderRadius: 2 }} data-testid="demo-data-banner">
      You are looking at demo data: fictional banks with generated figures, not real FDIC reports. Load real data from{' '}
      <Link component={LinkBase} to="/data-tools" sx={{ fontWeight: 600 }}>
        Data Tools
      </Link>
      .
    </Alert>
  );
}
