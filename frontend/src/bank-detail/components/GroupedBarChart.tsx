import { Box, Typography, useTheme } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import type { ChartHue } from '../../lib/chart-colors.ts';
import { useChartPalette } from '../../ui/useChartPalette.ts';
import { layoutGroupedBars } from '../lib/bars.ts';
import type { ComparisonRow } from '../lib/peers.ts';

const keys = ['Target Bank', 'Peer Average'] as const;
/**
 * The target's bars in blue and the peers' in slate, from the chart palette of the theme (3:1 or more
 * against the card in both): the fixed blue read 2.8:1 on the dark cards and the fixed grey 2.5:1 on white.
 */
const hues: Record<(typeof keys)[number], ChartHue> = { 'Target Bank': 'blue', 'Peer Average': 'slate' };

/**
 * Horizontal grouped bars, one pair per metric: widths scaled to
 * 110% of the largest absolute value, the label inside the bar unless the bar is under 25% wide.
 */
export function GroupedBarChart({ rows }: { rows: ComparisonRow[] }) {
  const groups = layoutGroupedBars(rows, keys);
  const palette = useChartPalette();
  const theme = useTheme();
  const colorOf = (key: string) => palette[hues[key as (typeof keys)[number]]];
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, mb: 1.5 }}>
        {keys.map((key) => (
          <Box key={key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: colorOf(key), forcedColorAdjust: 'none' }} />
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
                  {/* A negative figure's bar is striped, at the full strength of its colour (faded, it fell under 3:1). Its colours are kept in forced colours, where a fill would vanish. */}
                  <Box
                    data-series={bar.key}
                    sx={{
                      width: `${bar.widthPercent}%`,
                      minWidth: bar.widthPercent > 0 ? 2 : 0,
                      height: '100%',
                      bgcolor: colorOf(bar.key),
                      forcedColorAdjust: 'none',
                      borderRadius: 0.5,
                      backgroundImage: bar.negative ? 'repeating-linear-gradient(45deg, transparent 0 4px, rgba(255,255,255,0.35) 4px 8px)' : undefined,
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'flex-end',
                      pr: bar.labelOutside ? 0 : 0.75,
                    }}
                  >
                    {!bar.labelOutside && (
                      <Typography variant="caption" sx={{ color: theme.palette.getContrastText(colorOf(bar.key)), fontWeight: 700 }}>
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
