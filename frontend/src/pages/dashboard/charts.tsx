import { useLayoutEffect, useRef, useState } from 'react';
import { Box, Stack, Typography, useTheme } from '@mui/material';
import { estimatedTextWidth, niceTicks, ringSegmentPath } from '../../lib/chart-scale.ts';
import { formatMoney, formatMoneyTick } from '../../../../domain/format.ts';

/*
 * The Dashboard's charts are a few bars and a donut, drawn as plain SVG: a charting library would
 * triple the code of the first screen. Hovering a bar or segment shows its value; segments are
 * buttons when they can be clicked.
 */

/** A bar: its axis label, an optional longer name for the tooltip, and its value. */
export type BarDatum = { label: string; name?: string; value: number };

function useContainerWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    setWidth(node.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** How far axis labels that do not fit are turned. */
const labelSlantDegrees = 35;

/** The top of a bar with rounded upper corners. */
function barPath(x: number, y: number, width: number, height: number, radius: number): string {
  const r = Math.min(radius, width / 2, height);
  return `M ${x} ${y + height} V ${y + r} Q ${x} ${y} ${x + r} ${y} H ${x + width - r} Q ${x + width} ${y} ${x + width} ${y + r} V ${y + height} Z`;
}

function BarChart({
  data,
  color,
  height,
  axisWidth,
  maxBarWidth,
  formatTick,
  describe,
  fontSize,
}: {
  data: BarDatum[];
  color: string;
  height: number;
  axisWidth: number;
  maxBarWidth: number;
  formatTick: (value: number) => string;
  describe: (datum: BarDatum) => string;
  fontSize: number;
}) {
  const theme = useTheme();
  const { ref, width } = useContainerWidth();
  const ticks = niceTicks(Math.max(0, ...data.map((datum) => datum.value)));
  const top = 8;
  const plotWidth = Math.max(0, width - axisWidth - 8);
  const band = data.length ? plotWidth / data.length : 0;
  // Labels wider than their bar's share of the width (a narrow card) are slanted rather than overlapping.
  const widestLabel = Math.max(0, ...data.map((datum) => estimatedTextWidth(datum.label, fontSize)));
  const slanted = widestLabel > band - 4;
  const bottom = slanted ? Math.ceil(widestLabel * Math.sin((labelSlantDegrees * Math.PI) / 180) + fontSize) + 8 : 22;
  const plotHeight = height - top - bottom;
  const scaleMax = ticks[ticks.length - 1];
  const barWidth = Math.min(maxBarWidth, band * 0.65);
  const y = (value: number) => top + plotHeight - (Math.max(0, value) / scaleMax) * plotHeight;
  return (
    <Box ref={ref} sx={{ width: '100%', height }}>
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-label={data.map(describe).join('; ')}>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={axisWidth} x2={width - 8} y1={y(tick)} y2={y(tick)} stroke={theme.palette.divider} strokeDasharray="3 3" />
              <text x={axisWidth - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle" fontSize={fontSize} fill={theme.palette.text.secondary}>
                {formatTick(tick)}
              </text>
            </g>
          ))}
          {data.map((datum, index) => {
            const x = axisWidth + band * index + (band - barWidth) / 2;
            const labelX = x + barWidth / 2;
            const labelY = slanted ? y(0) + fontSize : height - 6;
            return (
              <g key={datum.label}>
                <path d={barPath(x, y(datum.value), barWidth, y(0) - y(datum.value), 6)} fill={color} data-testid="chart-bar">
                  <title>{describe(datum)}</title>
                </path>
                <text
                  x={labelX}
                  y={labelY}
                  textAnchor={slanted ? 'end' : 'middle'}
                  transform={slanted ? `rotate(${-labelSlantDegrees} ${labelX} ${labelY})` : undefined}
                  fontSize={fontSize}
                  fill={theme.palette.text.secondary}
                >
                  {datum.label}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </Box>
  );
}

/** A vertical bar chart of money amounts by category. */
export function MoneyBarChart({ data, color, height = 240, valueLabel }: { data: BarDatum[]; color: string; height?: number; valueLabel: string }) {
  return (
    <BarChart
      data={data}
      color={color}
      height={height}
      axisWidth={52}
      maxBarWidth={56}
      fontSize={11}
      // $600M, not $600.00M: the axis takes less of a narrow card.
      formatTick={formatMoneyTick}
      describe={(datum) => `${datum.name ?? datum.label}: ${valueLabel} ${formatMoney(datum.value)}`}
    />
  );
}

/** A small bar chart of counts (the asset size distribution). */
export function CountBarChart({ data, color, height = 160 }: { data: BarDatum[]; color: string; height?: number }) {
  return (
    <BarChart
      data={data}
      color={color}
      height={height}
      axisWidth={36}
      maxBarWidth={48}
      fontSize={12}
      formatTick={(value) => (Number.isInteger(value) ? String(value) : '')}
      describe={(datum) => `${datum.name ?? datum.label}: ${datum.value} banks`}
    />
  );
}

export type Slice = { key: string; label: string; value: number; color: string };

/** A donut; clicking a segment calls onSelect with its key. */
export function Donut({
  data,
  height = 260,
  onSelect,
  formatValue = (value: number) => value.toLocaleString('en-US'),
  ariaLabel,
  showLegend = true,
}: {
  data: Slice[];
  height?: number;
  onSelect?: (key: string) => void;
  formatValue?: (value: number) => string;
  ariaLabel: string;
  showLegend?: boolean;
}) {
  const theme = useTheme();
  const size = showLegend ? height - 40 : height;
  const outer = (size / 2) * 0.85;
  const inner = (size / 2) * 0.55;
  const shown = data.filter((slice) => slice.value > 0);
  const total = shown.reduce((sum, slice) => sum + slice.value, 0);
  const gap = shown.length > 1 ? 2 : 0;
  let angle = 0;
  const segments = shown.map((slice) => {
    const sweep = (slice.value / total) * 360;
    const segment = { slice, start: angle + gap / 2, end: angle + sweep - gap / 2 };
    angle += sweep;
    return segment;
  });
  return (
    // At least `height`: a legend of many slices in a narrow card takes more lines and grows it.
    <Box sx={{ minHeight: height }}>
      <svg width={size} height={size} role="group" aria-label={ariaLabel} style={{ display: 'block', margin: '0 auto' }}>
        {total === 0 && <circle cx={size / 2} cy={size / 2} r={(outer + inner) / 2} fill="none" stroke={theme.palette.divider} strokeWidth={outer - inner} />}
        {segments.map(({ slice, start, end }) => (
          <path
            key={slice.key}
            d={ringSegmentPath(size / 2, size / 2, inner, outer, start, end)}
            fill={slice.color}
            className="donut-segment"
            data-testid={`donut-segment-${slice.key}`}
            role={onSelect ? 'button' : 'img'}
            tabIndex={onSelect ? 0 : undefined}
            aria-label={`${slice.label}: ${formatValue(slice.value)}`}
            style={onSelect ? { cursor: 'pointer' } : undefined}
            onClick={onSelect ? () => onSelect(slice.key) : undefined}
            onKeyDown={onSelect ? (event) => (event.key === 'Enter' || event.key === ' ') && onSelect(slice.key) : undefined}
          >
            <title>{`${slice.label}: ${formatValue(slice.value)}`}</title>
          </path>
        ))}
      </svg>
      {showLegend && (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'center', mt: 1 }}>
          {data.map((slice) => (
            <Stack key={slice.key} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              {/* The swatch keeps its colour in forced colours (High Contrast), as the donut's segments do: it is the legend's key to them. */}
              <Box data-testid="legend-swatch" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: slice.color, forcedColorAdjust: 'none' }} />
              <Typography variant="caption" color="text.secondary">
                {slice.label}
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
