/**
 * Value formats of the placeholder helpers: money as `$1.23B` (T, B, M, K at 1e12, 1e9, 1e6, 1e3,
 * two decimals), ratios already in percent units as `1.23%`, dates as `Mar 31, 2026`.
 * A value that is missing or not a number gives null, and the caller shows its missing text.
 */

import { formatCount, formatMoney, formatPercent } from '../format.ts';

export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

export function moneyText(value: unknown): string | null {
  const amount = toNumber(value);
  return amount === null ? null : formatMoney(amount);
}

export function percentText(value: unknown): string | null {
  const ratio = toNumber(value);
  return ratio === null ? null : formatPercent(ratio);
}

export function countText(value: unknown): string | null {
  const count = toNumber(value);
  return count === null ? null : formatCount(count);
}

/** `YYYY-MM-DD`, `YYYYMMDD` (regulator report dates) or an ISO timestamp, as its calendar day; null when not a date. */
export function isoDay(value: unknown): string | null {
  const text = value instanceof Date ? value.toISOString() : typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return null;
  const match = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(text.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day) ? null : `${year}-${month}-${day}`;
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export type DateStyle = 'long' | 'short' | 'iso';

/** A calendar day as `Mar 31, 2026` (long), `03/31/2026` (short) or `2026-03-31` (iso), never shifted by time zone. */
export function dateText(value: unknown, style: DateStyle = 'long'): string | null {
  const day = isoDay(value);
  if (day === null) return null;
  if (style === 'iso') return day;
  const [year, month, date] = day.split('-');
  if (style === 'short') return `${month}/${date}/${year}`;
  return `${monthNames[Number(month) - 1]} ${Number(date)}, ${year}`;
}
