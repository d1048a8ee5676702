import { useMemo, useState } from 'react';
import { Box, Checkbox, FormControl, FormControlLabel, FormGroup, InputLabel, MenuItem, Select } from '@mui/material';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartTooltip } from '../../ui/chartTooltip.ts';
import { useChartPalette } from '../../ui/useChartPalette.ts';
import { formatMoney, formatPercent } from '../../../../domain/format.ts';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { PanelEmpty, PanelError, PanelLoading } from '../components/PanelState.tsx';
import { PanelTitle, Section } from '../components/Section.tsx';
import {
  availableYears,
  axisTickCount,
  axisTicks,
  chartMessage,
  defaultSeries,
  filterPoints,
  paddedDomain,
  quarterTickLabel,
  quarterTicks,
  trendSeries,
  withMissingQuarters,
  type HistoricalPoint,
  type SeriesKey,
  type TrendFilter,
} from '../lib/trends.ts';

const notReported = 'Not reported';

function TrendChart({ points, selected, filter }: { points: HistoricalPoint[]; selected: SeriesKey[]; filter: TrendFilter }) {
  const { tooltipProps } = useChartTooltip();
  const chartPalette = useChartPalette();
  const series = trendSeries.filter((candidate) => selected.includes(candidate.key));
  const moneyKeys = series.filter((candidate) => candidate.axis === 'money').map((candidate) => candidate.key);
  const percentKeys = series.filter((candidate) => candidate.axis === 'percent').map((candidate) => candidate.key);
  const moneyDomain = paddedDomain(points, moneyKeys);
  const percentDomain = paddedDomain(points, percentKeys);
  // Each point at its quarter's time, so a missing quarter leaves its space on the axis and breaks the lines.
  const timed = withMissingQuarters(points, filter);
  return (
    <Box sx={{ height: 420 }} data-testid="trend-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={timed} margin={{ top: 10, right: 16, bottom: 10, left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" opacity={0.4} />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            ticks={quarterTicks(points, filter)}
            interval={0}
            tickFormatter={quarterTickLabel}
            padding={{ left: 12, right: 12 }}
          />
          {moneyDomain && (
            <YAxis
              yAxisId="money"
              orientation="left"
              domain={moneyDomain}
              ticks={axisTicks(moneyDomain)}
              tickCount={axisTickCount}
              tickFormatter={(value: number) => formatMoney(value)}
              width={84}
            />
          )}
          {percentDomain && (
            <YAxis
              yAxisId="percent"
              orientation="right"
              domain={percentDomain}
              ticks={axisTicks(percentDomain)}
              tickCount={axisTickCount}
              tickFormatter={(value: number) => formatPercent(value)}
              width={64}
            />
          )}
          {/* Nulls kept: hovering a missing quarter, or a figure the bank did not report, says so rather than showing nothing or $0. */}
          <Tooltip
            {...tooltipProps}
            filterNull={false}
            labelFormatter={(time) => quarterTickLabel(Number(time))}
            formatter={(value, name) => {
              if (value === null || value === undefined) return notReported;
              const found = series.find((candidate) => candidate.label === name);
              return found?.axis === 'percent' ? formatPercent(Number(value)) : formatMoney(Number(value));
            }}
          />
          <Legend />
          {series.map((line) => (
            <Line
              key={line.key}
              yAxisId={line.axis}
              type="monotone"
              dataKey={line.key}
              name={line.label}
              stroke={chartPalette[line.hue]}
              strokeWidth={2}
              dot={points.length <= 12}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}

/** Historical Trends: selectable series over the bank's quarters, filtered by year and quarter. */
export function TrendsPanel({ cert }: { cert: number }) {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const history = useQuery({ queryKey: ['bank', cert, 'historical-financials'], queryFn: () => dataProvider.historicalFinancials(cert) });
  const chartPalette = useChartPalette();
  const [selected, setSelected] = useState<SeriesKey[]>(defaultSeries);
  const [filter, setFilter] = useState<TrendFilter>({ year: 'All', quarter: 'All' });
  const points = useMemo(() => filterPoints(history.data ?? [], filter), [history.data, filter]);
  const years = useMemo(() => availableYears(history.data ?? []), [history.data]);

  let body;
  if (history.isPending) body = <PanelLoading text="Loading historical financials..." />;
  else if (history.isError) body = <PanelError>Failed to fetch historical financial data.</PanelError>;
  else if (!history.data || history.data.length === 0) body = <PanelEmpty>No historical financial data found.</PanelEmpty>;
  else {
    const message = chartMessage(points, selected);
    body = (
      <Section
        title="Financial Trends"
        action={
          <Box sx={{ display: 'flex', gap: 1.5 }}>
            {/* Wide enough for 'All Years' and 'All Quarters' beside the arrow: at 140 px the latter read 'All Quart…'. */}
            <FormControl size="small" sx={{ width: 140 }}>
              <InputLabel id="trend-year">Year</InputLabel>
              <Select
                labelId="trend-year"
                label="Year"
                value={String(filter.year)}
                onChange={(event) => setFilter((current) => ({ ...current, year: event.target.value === 'All' ? 'All' : Number(event.target.value) }))}
              >
                <MenuItem value="All">All Years</MenuItem>
                {years.map((year) => (
                  <MenuItem key={year} value={String(year)}>
                    {year}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControl size="small" sx={{ width: 160 }}>
              <InputLabel id="trend-quarter">Quarter</InputLabel>
              <Select
                labelId="trend-quarter"
                label="Quarter"
                value={String(filter.quarter)}
                onChange={(event) =>
                  setFilter((current) => ({ ...current, quarter: event.target.value === 'All' ? 'All' : (Number(event.target.value) as 1 | 2 | 3 | 4) }))
                }
              >
                <MenuItem value="All">All Quarters</MenuItem>
                {[1, 2, 3, 4].map((quarter) => (
                  <MenuItem key={quarter} value={String(quarter)}>
                    Q{quarter}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Box>
        }
      >
        <FormGroup row role="group" sx={{ mb: 1 }} aria-label="Series">
          {trendSeries.map((series) => (
            <FormControlLabel
              key={series.key}
              label={series.label}
              control={
                <Checkbox
                  size="small"
                  checked={selected.includes(series.key)}
                  sx={{ color: chartPalette[series.hue], '&.Mui-checked': { color: chartPalette[series.hue] } }}
                  onChange={(event) =>
                    setSelected((current) => (event.target.checked ? [...current, series.key] : current.filter((key) => key !== series.key)))
                  }
                />
              }
            />
          ))}
        </FormGroup>
        {message ? <PanelEmpty>{message}</PanelEmpty> : <TrendChart points={points} selected={selected} filter={filter} />}
      </Section>
    );
  }
  return (
    <Box data-testid="trends-panel">
      <PanelTitle>Historical Trends</PanelTitle>
      {body}
    </Box>
  );
}
