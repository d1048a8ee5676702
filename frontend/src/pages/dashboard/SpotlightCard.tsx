import { useState } from 'react';
import { List, ListItem, ListItemButton, ListItemText, Skeleton, Tab, Tabs, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useBankDetail } from '../../bank-detail/index.tsx';
import { capitalColor, efficiencyColor, formatPercent, roaColor, scoreColor, scoreWords, type RatingColor } from '../../../../domain/format.ts';
import type { DashboardResponse, SpotlightBank } from '../../providers/services.ts';
import { EmptyText, SectionCard } from '../../ui/SectionCard.tsx';
import { RatingText } from '../../ui/RatingText.tsx';

type SpotlightTab = {
  label: string;
  list: keyof DashboardResponse['spotlight'];
  metric: string;
  value: (bank: SpotlightBank) => number | null | undefined;
  format: (value: number | null | undefined) => string;
  rate: (value: number | null | undefined) => RatingColor;
  /** The rating's words, where not Strong to Poor. */
  words?: Record<RatingColor, string>;
  /** Why the list is empty while the quarter has banks: none ranked (ROA, efficiency and capital rank banks of $1B or more) reports the figure. */
  noFigures: string;
};

const tabs: SpotlightTab[] = [
  { label: 'Top ROA', list: 'topRoa', metric: 'ROA', value: (bank) => bank.roa, format: formatPercent, rate: roaColor, noFigures: 'No bank of $1B or more in assets reports its return on assets (ROA) this quarter.' },
  {
    label: 'Efficiency',
    list: 'mostEfficient',
    metric: 'Efficiency ratio',
    value: (bank) => bank.efficiencyRatio,
    format: formatPercent,
    rate: efficiencyColor,
    noFigures: 'No bank of $1B or more in assets reports its efficiency ratio (EEFFR) this quarter.',
  },
  {
    label: 'Capital',
    list: 'strongestCapital',
    metric: 'Tier 1 capital ratio',
    value: (bank) => bank.tier1CapitalRatio,
    format: formatPercent,
    rate: capitalColor.tier1RiskBased,
    noFigures: 'No bank of $1B or more in assets reports its Tier 1 capital ratio (RBC1RWAJ) this quarter.',
  },
  {
    label: 'Risk',
    list: 'highestRisk',
    metric: 'Risk score',
    value: (bank) => bank.riskScore,
    format: (value) => (value === null || value === undefined ? 'N/A' : value.toFixed(1)),
    rate: scoreColor,
    words: scoreWords,
    noFigures: 'No risk scores this quarter: they need ROA, the noncurrent loans ratio (NCLNLSR) and the Tier 1 capital ratio (RBC1RWAJ), and the imported data lacks some of them.',
  },
];

/** Performance Spotlight: the leaders by ROA, efficiency, capital and risk, each figure with its rating in a word; clicking a bank opens its detail. */
export function SpotlightCard({ market, loading }: { market?: DashboardResponse; loading: boolean }) {
  const [selected, setSelected] = useState(0);
  const detail = useBankDetail();
  const tab = tabs[selected];
  const banks = market?.spotlight[tab.list] ?? [];
  return (
    <SectionCard title="Performance Spotlight" subtitle={`${tab.metric}, latest quarter`} testId="performance-spotlight">
      <Tabs value={selected} onChange={(_, value: number) => setSelected(value)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 1, minHeight: 40 }}>
        {tabs.map((entry) => (
          <Tab key={entry.list} label={entry.label} sx={{ minHeight: 40 }} />
        ))}
      </Tabs>
      {loading ? (
        <Skeleton variant="rounded" height={220} />
      ) : banks.length === 0 ? (
        <EmptyText>{market && market.totalInstitutions > 0 ? tab.noFigures : 'No banks to show for this quarter.'}</EmptyText>
      ) : (
        <List dense disablePadding>
          {banks.slice(0, 5).map((bank, index) => {
            const value = tab.value(bank);
            return (
              <ListItem key={bank.cert} disablePadding>
                <ListItemButton component={RouterLink} {...detail.linkTo(bank.cert)} sx={{ borderRadius: 2 }}>
                  <Typography variant="body2" color="text.secondary" sx={{ width: 24, flexShrink: 0 }}>
                    {index + 1}
                  </Typography>
                  <ListItemText
                    primary={bank.name}
                    secondary={[bank.city, bank.state].filter(Boolean).join(', ')}
                    slotProps={{ primary: { fontWeight: 600 } }}
                    sx={{ minWidth: 0 }}
                  />
                  <Typography variant="body2" sx={{ fontWeight: 700, ml: 2, textAlign: 'right' }}>
                    <RatingText value={tab.format(value)} rating={tab.rate(value)} cue="below" words={tab.words} bold={false} />
                  </Typography>
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
    </SectionCard>
  );
}
