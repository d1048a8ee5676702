/**
 * Historical Trends chart rules: selectable series, year and quarter filters,
 * money on the left axis and percents on the right, axes padded by 10% with 5 ticks, and a date axis
 * proportional to time (a quarter missing from the data leaves its space empty and breaks the lines)
 * with at most 6 quarter labels.
 */

import { quarterLabel } from '../../../../domain/format.ts';
import type { ChartHue } from '../../lib/chart-colors.ts';

export type HistoricalPoint = {
  date: string;
  assets: number | null;
  deposits: number | null;
  netIncome: number | null;
  roa: number | null;
  nim: number | null;
  nplRatio: number | null;
  tier1CapitalRatio: number | null;
  netChargeOffs: number | null;
};

export type SeriesKey = Exclude<keyof HistoricalPoint, 'date'>;
export type TrendSeries = { key: SeriesKey; label: string; axis: 'money' | 'percent'; hue: ChartHue };

/**
 * Net income and net charge-offs are the FDIC's year-to-date sums: each year's line climbs from Q1 to
 * Q4 and drops at the next Q1, which is no fall in earnings. Their labels say YTD, as the Financials do.
 */
export const trendSeries: TrendSeries[] = [
  { key: 'assets', label: 'Assets', axis: 'money', hue: 'blue' },
  { key: 'nplRatio', label: 'NPL %', axis: 'percent', hue: 'red' },
  { key: 'netIncome', label: 'Net Income (YTD)', axis: 'money', hue: 'green' },
  { key: 'netChargeOffs', label: 'Net Charge-Offs (YTD)', axis: 'money', hue: 'orange' },
  { key: 'roa', label: 'ROA %', axis: 'percent', hue: 'purple' },
  { key: 'deposits', label: 'Deposits', axis: 'money', hue: 'sky' },
  { key: 'nim', label: 'NIM %', axis: 'percent', hue: 'yellow' },
  { key: 'tier1CapitalRatio', label: 'Tier 1 Capital %', axis: 'percent', hue: 'pink' },
];

export const defaultSeries: SeriesKey[] = ['assets', 'nplRatio', 'netIncome', 'netChargeOffs', 'roa'];

export const axisTickCount = 5;
export const maxDateLabels = 6;
export const axisPadding = 0.1;

/** 'YYYYMMDD' (or an ISO date) to its year and quarter (quarter = ceil(month / 3)). */
export function quarterOf(date: string): { year: number; quarter: number } | null {
  const digits = date.replace(/-/g, '').slice(0, 8);
  if (!/^\d{8}$/.test(digits)) return null;
  const month = Number(digits.slice(4, 6));
  if (month < 1 || month > 12) return null;
  return { year: Number(digits.slice(0, 4)), quarter: Math.ceil(month / 3) };
}

export type TrendFilter = { year: 'All' | number; quarter: 'All' | 1 | 2 | 3 | 4 };

/** Oldest first, restricted to the chosen year and quarter. */
export function filterPoints(points: HistoricalPoint[], filter: TrendFilter): HistoricalPoint[] {
  return [...points]
    .filter((point) => {
      const when = quarterOf(point.date);
      if (!when) return false;
      return (filter.year === 'All' || when.year === filter.year) && (filter.quarter === 'All' || when.quarter === filter.quarter);
    })
    .sort((a, b) => a.date.replace(/-/g, '').localeCompare(b.date.replace(/-/g, '')));
}

export function availableYears(points: HistoricalPoint[]): number[] {
  const years = new Set<number>();
  for (const point of points) {
    const when = quarterOf(point.date);
    if (when) years.add(when.year);
  }
  return [...years].sort((a, b) => b - a);
}

/**
 * The axis range of the given series over the points, padded by 10% of the span on each side (10%
 * of the value itself when the span is zero, so a flat line does not sit on the frame). Padding
 * never takes an all-positive axis below zero: a negative tick on assets would only confuse.
 */
export function paddedDomain(points: HistoricalPoint[], keys: SeriesKey[]): [number, number] | null {
  const values = points.flatMap((point) => keys.map((key) => point[key])).filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  if (values.length === 0) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || Math.abs(max) || 1;
  const low = min - span * axisPadding;
  return [min >= 0 ? Math.max(0, low) : low, max + span * axisPadding];
}

/** Evenly spaced ticks including both ends. */
export function axisTicks(domain: [number, number], count = axisTickCount): number[] {
  const [low, high] = domain;
  return Array.from({ length: count }, (_, index) => low + ((high - low) * index) / (count - 1));
}

/** A quarter counted from year 0 (year * 4 + quarter - 1): consecutive quarters differ by one. */
function quarterNumber(date: string): number | null {
  const when = quarterOf(date);
  return when ? when.year * 4 + when.quarter - 1 : null;
}

/** The time (ms since the epoch, UTC) of a quarter's last day, where the date axis places it. */
function quarterEndTime(number: number): number {
  const year = Math.floor(number / 4);
  const lastMonth = (number % 4) * 3 + 3;
  return Date.UTC(year, lastMonth, 0);
}

/** Where a report date ('YYYYMMDD' or ISO) sits on the date axis: its quarter's last day; null for a non-date. */
export function quarterTime(date: string): number | null {
  const number = quarterNumber(date);
  return number === null ? null : quarterEndTime(number);
}

/** The label of a date axis position: its quarter, 'Q{1-4} {year}'. */
export function quarterTickLabel(time: number): string {
  return quarterLabel(new Date(time).toISOString().slice(0, 10).replace(/-/g, ''));
}

/**
 * The labelled positions of the date axis: every quarter from the first point's to the last's (every
 * year's when the filter shows one quarter of each year), thinned evenly to at most 6. A quarter
 * missing from the data keeps its place, so a gap reads as one.
 */
export function quarterTicks(points: HistoricalPoint[], filter: TrendFilter, maxLabels = maxDateLabels): number[] {
  const numbers = points.map((point) => quarterNumber(point.date)).filter((number): number is number => number !== null);
  if (numbers.length === 0) return [];
  const first = Math.min(...numbers);
  const step = filter.quarter === 'All' ? 1 : 4;
  const count = Math.floor((Math.max(...numbers) - first) / step) + 1;
  const every = Math.ceil(count / maxLabels);
  return Array.from({ length: Math.ceil(count / every) }, (_, index) => quarterEndTime(first + index * every * step));
}

/** A chart point: a quarter's figures at its place on the date axis. */
export type TimedPoint = HistoricalPoint & { time: number | null };

/**
 * The points to draw, each at its quarter's time, with an empty point (every figure null) for each
 * quarter missing between two that were filed (each year's missing one when the filter shows one
 * quarter of each year). The lines break at the empty points, so a missing quarter never reads as
 * one with figures on the straight line between its neighbours.
 */
export function withMissingQuarters(points: HistoricalPoint[], filter: TrendFilter): TimedPoint[] {
  const step = filter.quarter === 'All' ? 1 : 4;
  const timed: TimedPoint[] = [];
  let previous: number | null = null;
  for (const point of points) {
    const number = quarterNumber(point.date);
    if (number !== null && previous !== null) {
      for (let missing = previous + step; missing < number; missing += step) timed.push(emptyQuarter(missing));
    }
    timed.push({ ...point, time: number === null ? null : quarterEndTime(number) });
    if (number !== null) previous = number;
  }
  return timed;
}

function emptyQuarter(number: number): TimedPoint {
  const time = quarterEndTime(number);
  const figures = Object.fromEntries(trendSeries.map((series) => [series.key, null])) as Record<SeriesKey, null>;
  return { date: new Date(time).toISOString().slice(0, 10).replace(/-/g, ''), time, ...figures };
}

export type TrendMessage = 'No data available for chart.' | 'Not enough data to display chart.' | null;

/** What the chart area says instead of a chart, if anything. */
export function chartMessage(filtered: HistoricalPoint[], selected: SeriesKey[]): TrendMessage {
  if (filtered.length === 0 || selected.length === 0) return 'No data available for chart.';
  if (filtered.length < 2) return 'Not enough data to display chart.';
  return null;
}
