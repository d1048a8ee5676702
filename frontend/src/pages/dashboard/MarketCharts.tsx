import { Skeleton } from '@mui/material';
import { loanFamilies } from '../../lib/portfolio.ts';
import type { DashboardResponse, LoanFamilies } from '../../providers/services.ts';
import { EmptyText, SectionCard } from '../../ui/SectionCard.tsx';
import { MoneyBarChart } from './charts.tsx';
import { useChartPalette } from '../../ui/useChartPalette.ts';

function familyBars(values: LoanFamilies) {
  return loanFamilies.map((family) => ({ label: family.short, name: family.label, value: values[family.key] ?? 0 }));
}

/** Market Delinquency Hotspots (30-89 Days PD) by loan family. */
export function MarketDelinquencyCard({ market }: { market?: DashboardResponse }) {
  const chartPalette = useChartPalette();
  return (
    <SectionCard title="Market Delinquency Hotspots (30-89 Days PD)" subtitle="Past-due loans by loan family, all banks" testId="market-delinquencies">
      {market?.delinquencyInputsMissing ? (
        <EmptyText>Past-due figures not in the imported data: the quarter's financials carry no loans 30-89 days past due (P3RE, P3CI, P3CON, P3AG).</EmptyText>
      ) : market ? (
        <MoneyBarChart data={familyBars(market.marketDelinquencies)} color={chartPalette.orange} valueLabel="30-89 days past due" />
      ) : (
        <Skeleton variant="rounded" height={240} />
      )}
    </SectionCard>
  );
}

/** Market Gross Charge-Offs (YTD) by loan family. */
export function MarketChargeOffsCard({ market }: { market?: DashboardResponse }) {
  const chartPalette = useChartPalette();
  return (
    <SectionCard title="Market Gross Charge-Offs (YTD)" subtitle="Gross charge-offs by loan family, all banks" testId="market-charge-offs">
      {market?.chargeOffInputsMissing ? (
        <EmptyText>Charge-off figures not in the imported data: the quarter's financials carry no gross charge-offs (DRRE, DRCI, DRCON, DRAG).</EmptyText>
      ) : market ? (
        <MoneyBarChart data={familyBars(market.marketChargeOffs)} color={chartPalette.red} valueLabel="Gross charge-offs" />
      ) : (
        <Skeleton variant="rounded" height={240} />
      )}
    </SectionCard>
  );
}
