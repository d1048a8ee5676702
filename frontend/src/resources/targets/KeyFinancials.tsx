import { useEffect, useRef, useState } from 'react';
import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { delinquencyColor, formatMoney, formatPercent, roaColor, type RatingColor } from '../../../../domain/format.ts';
import { useRefreshOutreach } from '../shared/useRefreshOutreach.ts';
import { targetsApi } from './api.ts';
import { hasAnyKeyFinancial, lookUpKeyFinancials, needsKeyFinancials } from './keyFinancials.ts';
import type { TrackedBank } from './types.ts';
import { RatingText } from '../../ui/RatingText.tsx';

function Row({ label, value, rating }: { label: string; value: string; rating?: RatingColor }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', py: 0.25 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right' }}>
        {rating ? <RatingText value={value} rating={rating} cue="beside" /> : value}
      </Typography>
    </Stack>
  );
}

/**
 * Key Financials of an expanded target. Figures the snapshot never had are looked up once and saved
 * on the target (an event, so its history shows when), then shown from the record.
 */
export function KeyFinancials({ bank }: { bank: TrackedBank }) {
  const refresh = useRefreshOutreach();
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>(needsKeyFinancials(bank) ? 'loading' : 'idle');
  const started = useRef(false);

  useEffect(() => {
    if (!needsKeyFinancials(bank) || started.current) return;
    started.current = true;
    setState('loading');
    lookUpKeyFinancials(bank.cert)
      .then((figures) => targetsApi.saveFinancials(bank.cert, figures))
      .then(() => refresh('banks'))
      .then(
        () => setState('idle'),
        () => setState('failed'),
      );
  }, [bank, refresh]);

  if (state === 'loading') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 1 }}>
        <CircularProgress size={16} />
        <Typography variant="body2" color="text.secondary">
          Loading financials...
        </Typography>
      </Stack>
    );
  }
  if (!hasAnyKeyFinancial(bank)) {
    return (
      <Typography variant="body2" color="text.secondary">
        No detailed financial data available.
      </Typography>
    );
  }
  const money = (value: unknown) => formatMoney(typeof value === 'number' ? value : null);
  const npl = typeof bank.nplRatio === 'number' ? bank.nplRatio : null;
  const roa = typeof bank.roa === 'number' ? bank.roa : null;
  return (
    <Box data-testid="key-financials">
      <Row label="Assets" value={money(bank.assets)} />
      <Row label="NPL %" value={formatPercent(npl)} rating={delinquencyColor(npl)} />
      <Row label="30-89D PD" value={money(bank.thirtyNinetyPD)} />
      <Row label="90D+ PD" value={money(bank.ninetyPlusPD)} />
      <Row label="CC 90+ Delinq." value={money(bank.ccNinetyPlusDelinq)} />
      <Row label="Auto 90+ Delinq." value={money(bank.autoNinetyPlusDelinq)} />
      <Row label="ROA %" value={formatPercent(roa)} rating={roaColor(roa)} />
      {state === 'failed' && (
        <Typography variant="caption" color="text.secondary">
          The latest quarter could not be loaded; these are the figures saved when the bank was added.
        </Typography>
      )}
    </Box>
  );
}
