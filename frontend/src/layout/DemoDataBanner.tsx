import { Alert, Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LinkBase, useDataProvider } from 'react-admin';
import type { CharterlineDataProvider } from '../providers/dataProvider.ts';

/** Tells the user plainly when the regulator data is the generated demo set, with the way to real data. */
export function DemoDataBanner() {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const { data } = useQuery({ queryKey: ['fdic', 'data-status'], queryFn: () => dataProvider.dataStatus(), staleTime: 60_000, retry: false });
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
