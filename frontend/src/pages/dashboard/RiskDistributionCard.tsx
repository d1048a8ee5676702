import { Chip, Skeleton, Stack } from '@mui/material';
import { riskBands, type RiskCategory } from '../../lib/risk-bands.ts';
import type { DashboardResponse } from '../../providers/services.ts';
import { EmptyText, SectionCard } from '../../ui/SectionCard.tsx';
import { useRatingPalette } from '../../ui/useRatingPalette.ts';
import { Donut } from './charts.tsx';

/** Market Risk Distribution: High red, Medium orange, Low green; a segment (or its chip) opens the risk category modal. */
export function RiskDistributionCard({ market, onSelect }: { market?: DashboardResponse; onSelect: (category: RiskCategory) => void }) {
  const ratingPalette = useRatingPalette();
  const slices = riskBands.map((band) => ({ key: band.category, label: band.category, value: market?.riskDistribution[band.key] ?? 0, color: ratingPalette[band.rating] }));
  return (
    <SectionCard title="Market Risk Distribution" subtitle="Active banks by quarterly ROA; choose a segment to list its banks" testId="risk-distribution">
      {market?.riskInputsMissing ? (
        <EmptyText>Risk inputs not in the imported data: the quarter's financials carry no quarterly ROA (ROAQ).</EmptyText>
      ) : market ? (
        <>
          <Donut ariaLabel="Market risk distribution" data={slices} onSelect={(key) => onSelect(key as RiskCategory)} height={220} showLegend={false} />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {slices.map((slice) => (
              <Chip
                key={slice.key}
                label={`${slice.label}: ${slice.value.toLocaleString('en-US')}`}
                onClick={() => onSelect(slice.key as RiskCategory)}
                size="small"
                variant="outlined"
                sx={{ borderColor: slice.color, color: slice.color, fontWeight: 600 }}
              />
            ))}
          </Stack>
        </>
      ) : (
        <Skeleton variant="circular" width={200} height={200} sx={{ mx: 'auto' }} />
      )}
    </SectionCard>
  );
}
