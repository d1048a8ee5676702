import { Box, Typography } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { layoutGroupedBars } from '../lib/bars.ts';
import type { ComparisonRow } from '../lib/peers.ts';

export const TARGET_COLOR = '#2563eb';
export const PEER_COLOR = '#9ca3af';
const keys = ['Target Bank', 'Peer Average'] as const;
const colors: Record<(typeof keys)[number], string> = { 'Target Bank': TARGET_COLOR, 'Peer Average': PEER_COLOR };
/** A label written inside its bar: white on the blue, near-black on the grey (white read 2.5:1 there). */
const labelColors: Record<(typeof keys)[number], string> = { 'Target Bank': '#ffffff', 'Peer Average': '#111827' };

/**
 * Horizontal grouped bars, one pair per metric: widths scaled to
 * 110% of the largest absolute value, the label inside the bar unless the bar is under 25% wide.
 */
export function GroupedBarChart({ rows }: { rows: ComparisonRow[] }) {
  const groups = layoutGroupedBars(rows, keys);
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, mb: 1.5 }}>
        {keys.map((key) => (
          <Box key={key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: colors[key] }} />
            <Typography variant="caption">{key}</Typography>
          </Box>
        ))}
      </Box>
      {groups.map((group, index) => {
        const row = rows[index];
        return (
          <Box key={group.name} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '210px 1fr' }, gap: 1, alignItems: 'center', mb: 1.25 }} data-metric={group.name}>
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {group.name}
              </Typography>
              <Typography
                variant="caption"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.25, color: row.targetIsBetter === null ? 'text.secondary' : row.targetIsBetter ? 'success.main' : 'error.main' }}
              >
                {row.better === 'higher' ? <ArrowUpwardIcon sx={{ fontSize: 12 }} /> : <ArrowDownwardIcon sx={{ fontSize: 12 }} />}
                {row.better === 'higher' ? 'Higher is better' : 'Lower is better'}
                {row.targetIsBetter !== null && (row.targetIsBetter ? ' · ahead' : ' · behind')}
              </Typography>
            </Box>
            <Box>
              {group.bars.map((bar) => (
                <Box key={bar.key} sx={{ display: 'flex', alignItems: 'center', height: 22, mb: 0.5 }} title={`${bar.key}: ${bar.label}`}>
                  <Box
                    sx={{
                      width: `${bar.widthPercent}%`,
                      minWidth: bar.widthPercent > 0 ? 2 : 0,
                      height: '100%',
                      bgcolor: colors[bar.key as (typeof keys)[number]],
                      borderRadius: 0.5,
                      opacity: bar.negative ? 0.7 : 1,
                      backgroundImage: bar.negative ? 'repeating-linear-gradient(45deg, transparent 0 4px, rgba(255,255,255,0.35) 4px 8px)' : undefined,
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'flex-end',
                      pr: bar.labelOutside ? 0 : 0.75,
                    }}
                  >
                    {!bar.labelOutside && (
                      <Typography variant="caption" sx={{ color: labelColors[bar.key as (typeof keys)[number]], fontWeight: 700 }}>
                        {bar.label}
                      </Typography>
                    )}
                  </Box>
                  {bar.labelOutside && (
                    <Typography variant="caption" sx={{ ml: 0.75, fontWeight: 700 }}>
                      {bar.label}
                    </Typography>
                  )}
                </Box>
              ))}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
