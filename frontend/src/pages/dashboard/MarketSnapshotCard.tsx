import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Skeleton } from '@mui/material';
import AiIcon from '@mui/icons-material/AutoAwesome';
import { useDataProvider } from 'react-admin';
import { delinquencyColor, formatMoney, formatPercent, roaColor } from '../../../../domain/format.ts';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import type { DashboardResponse } from '../../providers/services.ts';
import { Markdown } from '../../ui/Markdown.tsx';
import { Figure, SectionCard, meanNote } from '../../ui/SectionCard.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { RatingText } from '../../ui/RatingText.tsx';

/** Market Snapshot (Top 100 Banks) with 'Generate AI Commentary', disabled when total assets is 0 or while loading. */
export function MarketSnapshotCard({ market, loading }: { market?: DashboardResponse; loading: boolean }) {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const toast = useToast();
  const [generating, setGenerating] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stats = market?.marketStats;

  const generate = async () => {
    if (!stats) return;
    setGenerating(true);
    setError(null);
    try {
      const answer = await dataProvider.marketSummary(stats);
      setSummary(answer.summary);
      toast.success('AI summary generated.');
    } catch (failure) {
      const message = `Error generating summary: ${(failure as Error).message}`;
      setError(message);
      toast.error(message);
    } finally {
      setGenerating(false);
    }
  };

  return (
    <SectionCard title="Market Snapshot (Top 100 Banks)" testId="market-snapshot">
      {loading || !stats ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2, mb: 2 }}>
            <Figure label="Total Assets" value={formatMoney(stats.totalAssets)} testId="market-total-assets" />
            <Figure
              label="Avg ROA"
              value={<RatingText value={formatPercent(stats.avgRoa)} rating={roaColor(stats.avgRoa)} cue="beside" bold={false} />}
              note={meanNote(stats.banksReporting.roa)}
            />
            <Figure
              label="Avg NPL Ratio"
              value={<RatingText value={formatPercent(stats.avgNpl)} rating={delinquencyColor(stats.avgNpl)} cue="beside" bold={false} />}
              note={meanNote(stats.banksReporting.npl)}
            />
            <Figure label="Avg NIM" value={formatPercent(stats.avgNim)} note={meanNote(stats.banksReporting.nim)} />
          </Box>
          <Button
            variant="outlined"
            color="secondary"
            startIcon={generating ? <CircularProgress size={16} /> : <AiIcon />}
            disabled={generating || loading || !stats.totalAssets}
            onClick={generate}
            fullWidth
          >
            Generate AI Commentary
          </Button>
          {summary && (
            <Box sx={{ mt: 2 }}>
              <Markdown text={summary} testId="market-commentary" />
            </Box>
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </>
      )}
    </SectionCard>
  );
}
