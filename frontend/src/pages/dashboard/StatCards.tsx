import { Box, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import BankIcon from '@mui/icons-material/AccountBalanceOutlined';
import TargetIcon from '@mui/icons-material/TrackChangesOutlined';
import ContactsIcon from '@mui/icons-material/PeopleAltOutlined';
import AssetsIcon from '@mui/icons-material/PaidOutlined';
import type { ReactNode } from 'react';
import { formatCount, formatMoney, quarterReports } from '../../../../domain/format.ts';
import type { DashboardResponse } from '../../providers/services.ts';
import { useContactCount } from './useDashboardData.ts';

function StatCard({ label, value, footer, icon, loading, testId }: { label: string; value: string; footer?: string; icon: ReactNode; loading: boolean; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ display: 'flex', p: 1.25, borderRadius: 2, bgcolor: 'action.hover', color: 'primary.main' }} aria-hidden>
            {icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            {/* On two lines rather than cut where four cards share a laptop's window. */}
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid={`${testId}-value`}>
              {loading ? <Skeleton width={80} /> : value}
            </Typography>
          </Box>
        </Stack>
        {footer && (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1 }}>
            {footer}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The four stat cards: Active Institutions, Your Target Banks, Total Contacts, Market Assets (Top 100). */
export function StatCards({ market, marketLoading, targetTotal, targetsLoading }: { market?: DashboardResponse; marketLoading: boolean; targetTotal?: number; targetsLoading: boolean }) {
  const contacts = useContactCount();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
      <StatCard
        testId="stat-active-institutions"
        label="Active Institutions"
        value={formatCount(market?.totalInstitutions)}
        footer={market?.repdte ? `Market figures from ${quarterReports(market.repdte)}` : 'FDIC data updated quarterly'}
        icon={<BankIcon />}
        loading={marketLoading}
      />
      <StatCard testId="stat-target-banks" label="Your Target Banks" value={formatCount(targetTotal)} icon={<TargetIcon />} loading={targetsLoading} />
      <StatCard testId="stat-total-contacts" label="Total Contacts" value={formatCount(contacts.total)} icon={<ContactsIcon />} loading={contacts.isPending} />
      <StatCard testId="stat-market-assets" label="Market Assets (Top 100)" value={formatMoney(market?.marketStats.totalAssets)} icon={<AssetsIcon />} loading={marketLoading} />
    </Box>
  );
}
