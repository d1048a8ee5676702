import { Box, Skeleton, Stack } from '@mui/material';
import { useMemo } from 'react';
import { capitalColor, countOf, delinquencyColor, formatMoney, formatPercent, roaColor } from '../../../../domain/format.ts';
import { loanComposition, portfolioSummary } from '../../lib/portfolio.ts';
import { EmptyText, Figure, SectionCard, meanNote } from '../../ui/SectionCard.tsx';
import { CountBarChart, Donut } from './charts.tsx';
import type { TargetBank } from './useDashboardData.ts';
import { RatingText } from '../../ui/RatingText.tsx';
import { useChartPalette } from '../../ui/useChartPalette.ts';
import { sliceColor } from '../../lib/chart-colors.ts';

const NO_TARGETS = 'No target banks yet. Star banks in the Bank Directory or Credit Box to analyse them here.';

/** My Targets Portfolio Analysis: count, total assets, average ROA, NPL and Tier 1, and the asset size distribution. */
export function PortfolioAnalysisCard({ banks, loading }: { banks?: TargetBank[]; loading: boolean }) {
  const chartPalette = useChartPalette();
  const summary = useMemo(() => portfolioSummary(banks ?? []), [banks]);
  return (
    <SectionCard title="My Targets Portfolio Analysis" subtitle={countOf(summary.count, 'bank')} testId="portfolio-analysis">
      {loading ? (
        <Skeleton variant="rounded" height={200} />
      ) : summary.count === 0 ? (
        <EmptyText>{NO_TARGETS}</EmptyText>
      ) : (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2, flex: 1, alignContent: 'start' }}>
            <Figure label="Total Assets" value={formatMoney(summary.totalAssets)} />
            <Figure
              label="Avg ROA"
              value={<RatingText value={formatPercent(summary.avgRoa)} rating={roaColor(summary.avgRoa)} cue="beside" bold={false} />}
              note={meanNote(summary.banksReporting.roa)}
            />
            <Figure
              label="Avg NPL Ratio"
              value={<RatingText value={formatPercent(summary.avgNplRatio)} rating={delinquencyColor(summary.avgNplRatio)} cue="beside" bold={false} />}
              note={meanNote(summary.banksReporting.nplRatio)}
            />
            <Figure
              label="Avg Tier 1 Ratio"
              value={<RatingText value={formatPercent(summary.avgTier1Ratio)} rating={capitalColor.tier1RiskBased(summary.avgTier1Ratio)} cue="beside" bold={false} />}
              note={meanNote(summary.banksReporting.tier1Ratio)}
            />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <CountBarChart data={summary.assetBuckets.map((bucket) => ({ label: bucket.label, value: bucket.count }))} color={chartPalette.blue} />
          </Box>
        </Stack>
      )}
    </SectionCard>
  );
}

/** Loan Portfolio Snapshot (My Targets): the aggregated loan composition as a donut. */
export function LoanPortfolioCard({ banks, loading }: { banks?: TargetBank[]; loading: boolean }) {
  const chartPalette = useChartPalette();
  const slices = useMemo(() => loanComposition(banks ?? []), [banks]);
  return (
    <SectionCard title="Loan Portfolio Snapshot (My Targets)" subtitle="Aggregated loan composition" testId="loan-portfolio">
      {loading ? (
        <Skeleton variant="rounded" height={200} />
      ) : slices.length === 0 ? (
        <EmptyText>{banks?.length ? 'Your target banks report no loan figures.' : NO_TARGETS}</EmptyText>
      ) : (
        <Donut
          ariaLabel="Loan composition of your target banks"
          data={slices.map((slice, index) => ({ key: slice.key, label: slice.label, value: slice.amount, color: sliceColor(chartPalette, index) }))}
          formatValue={formatMoney}
          height={280}
        />
      )}
    </SectionCard>
  );
}
