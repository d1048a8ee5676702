import { lazy, Suspense, useState } from 'react';
import { Alert, Box } from '@mui/material';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import { PageHeader } from '../../layout/PageHeader.tsx';
import type { RiskCategory } from '../../lib/risk-bands.ts';
import { HotLeadsCard, UpcomingTasksCard } from './ActivityCards.tsx';
import { MarketChargeOffsCard, MarketDelinquencyCard } from './MarketCharts.tsx';
import { MarketSnapshotCard } from './MarketSnapshotCard.tsx';
import { LoanPortfolioCard, PortfolioAnalysisCard } from './PortfolioCards.tsx';
import { QuarterAlertsCard } from './QuarterAlertsCard.tsx';
import { RiskDistributionCard } from './RiskDistributionCard.tsx';
import { SpotlightCard } from './SpotlightCard.tsx';
import { StatCards } from './StatCards.tsx';
import { useMarketDashboard, useTargetBanks } from './useDashboardData.ts';

const RiskCategoryModal = lazy(() => import('./RiskCategoryModal.tsx'));

/** The Dashboard: market figures from the regulator mirror and the user's outreach activity. */
export default function Dashboard() {
  const market = useMarketDashboard();
  const targets = useTargetBanks();
  const [riskCategory, setRiskCategory] = useState<RiskCategory | null>(null);

  return (
    <Box data-testid="dashboard">
      <PageHeader title="Dashboard" subtitle="An overview of market trends and your outreach activity." icon={<DashboardIcon />} />
      {market.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {(market.error as Error).message || 'Failed to load the market dashboard.'}
        </Alert>
      )}
      <StatCards market={market.data} marketLoading={market.isPending} targetTotal={targets.total} targetsLoading={targets.isPending} />
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' } }}>
        <Box sx={{ gridColumn: { lg: 'span 2' } }}>
          <PortfolioAnalysisCard banks={targets.data} loading={targets.isPending} />
        </Box>
        <LoanPortfolioCard banks={targets.data} loading={targets.isPending} />
        <Box sx={{ gridColumn: { lg: 'span 3' } }}>
          <QuarterAlertsCard />
        </Box>
        <MarketDelinquencyCard market={market.data} />
        <MarketChargeOffsCard market={market.data} />
        <RiskDistributionCard market={market.data} onSelect={setRiskCategory} />
        <Box sx={{ gridColumn: { lg: 'span 2' } }}>
          <SpotlightCard market={market.data} loading={market.isPending} />
        </Box>
        <MarketSnapshotCard market={market.data} loading={market.isPending} />
        <Box sx={{ gridColumn: { lg: 'span 2' } }}>
          <UpcomingTasksCard />
        </Box>
        <HotLeadsCard />
      </Box>
      {riskCategory && (
        <Suspense fallback={null}>
          <RiskCategoryModal category={riskCategory} onClose={() => setRiskCategory(null)} />
        </Suspense>
      )}
    </Box>
  );
}
