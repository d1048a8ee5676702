import { formatLocalMoment, isUtcMoment } from '../../../../domain/format.ts';

/**
 * A save refused with 412 means the record changed after the form was opened. What changed is the
 * difference between the record as opened and as it is now, field by field; bookkeeping fields
 * (version, timestamps) are not news to a person.
 */
export type FieldChange = { field: string; opened: unknown; now: unknown };

const BOOKKEEPING = new Set(['version', 'updatedAt', 'createdAt', 'id']);

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export function changesSince(opened: Record<string, unknown>, now: Record<string, unknown>): FieldChange[] {
  const fields = [...new Set([...Object.keys(opened), ...Object.keys(now)])].filter((field) => !BOOKKEEPING.has(field));
  return fields.filter((field) => !same(opened[field], now[field])).map((field) => ({ field, opened: opened[field], now: now[field] }));
}

/** A value as a short line of text (lists joined, objects as their fields, a moment on the user's clock, empty as '—'). */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(displayValue).join(', ') : '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${key}: ${displayValue(inner)}`)
      .join(', ');
  }
  if (typeof value === 'string' && isUtcMoment(value)) return formatLocalMoment(value);
  return String(value);
}

