import { useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../lib/format.ts';

/** Axis, grid and tooltip colours that stay readable in light and dark mode. */
function useChartColors() {
  const theme = useTheme();
  return {
    text: theme.palette.text.secondary,
    grid: theme.palette.divider,
    tooltip: { backgroundColor: theme.palette.background.paper, border: `1px solid ${theme.palette.divider}`, borderRadius: 8, color: theme.palette.text.primary },
    cursor: theme.palette.action.hover,
  };
}

/** A bar: its axis label, an optional longer name for the tooltip, and its value. */
export type BarDatum = { label: string; name?: string; value: number };

/** A vertical bar chart of money amounts by category. */
export function MoneyBarChart({ data, color, height = 240, valueLabel }: { data: BarDatum[]; color: string; height?: number; valueLabel: string }) {
  const colors = useChartColors();
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={colors.grid} vertical={false} />
        <XAxis dataKey="label" tick={{ fill: colors.text, fontSize: 11 }} tickLine={false} axisLine={{ stroke: colors.grid }} interval={0} />
        <YAxis tickFormatter={(value: number) => formatMoney(value)} tick={{ fill: colors.text, fontSize: 11 }} tickLine={false} axisLine={false} width={68} />
        <Tooltip
          formatter={(value) => [formatMoney(Number(value)), valueLabel]}
          labelFormatter={(label, payload) => (payload?.[0]?.payload as BarDatum | undefined)?.name ?? String(label)}
          contentStyle={colors.tooltip}
          labelStyle={{ color: colors.text }}
          itemStyle={{ color: colors.tooltip.color }}
          cursor={{ fill: colors.cursor }}
        />
        <Bar dataKey="value" fill={color} radius={[6, 6, 0, 0]} maxBarSize={56} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** A small bar chart of counts (the asset size distribution). */
export function CountBarChart({ data, color, height = 160 }: { data: BarDatum[]; color: string; height?: number }) {
  const colors = useChartColors();
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={colors.grid} vertical={false} />
        <XAxis dataKey="label" tick={{ fill: colors.text, fontSize: 12 }} tickLine={false} axisLine={{ stroke: colors.grid }} />
        <YAxis allowDecimals={false} tick={{ fill: colors.text, fontSize: 12 }} tickLine={false} axisLine={false} />
        <Tooltip formatter={(value) => [String(value), 'Banks']} contentStyle={colors.tooltip} labelStyle={{ color: colors.text }} itemStyle={{ color: colors.tooltip.color }} cursor={{ fill: colors.cursor }} />
        <Bar dataKey="value" fill={color} radius={[6, 6, 0, 0]} maxBarSize={48} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
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
  const colors = useChartColors();
  return (
    <ResponsiveContainer width="100%" height={height}>
      <PieChart accessibilityLayer aria-label={ariaLabel}>
        <Pie
          data={data}
          dataKey="value"
          nameKey="label"
          innerRadius="55%"
          outerRadius="85%"
          paddingAngle={2}
          isAnimationActive={false}
          onClick={onSelect ? (entry: { payload?: Slice }) => entry.payload && onSelect(entry.payload.key) : undefined}
          style={onSelect ? { cursor: 'pointer' } : undefined}
          stroke="none"
        >
          {data.map((slice) => (
            <Cell key={slice.key} fill={slice.color} data-testid={`donut-segment-${slice.key}`} />
          ))}
        </Pie>
        <Tooltip formatter={(value, name) => [formatValue(Number(value)), String(name)]} contentStyle={colors.tooltip} itemStyle={{ color: colors.tooltip.color }} />
        {showLegend && <Legend verticalAlign="bottom" iconType="circle" wrapperStyle={{ color: colors.text, fontSize: 12 }} />}
      </PieChart>
    </ResponsiveContainer>
  );
}
