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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const recordOrNothing = (value: unknown) => value === null || value === undefined || isRecord(value);

/**
 * A field holding an object (a contact's email check) changes field by field inside it
 * ('verification.result'), as a record's History names them, so each reads by its own label.
 */
export function changesSince(opened: Record<string, unknown>, now: Record<string, unknown>, prefix = ''): FieldChange[] {
  const fields = [...new Set([...Object.keys(opened), ...Object.keys(now)])].filter((field) => !BOOKKEEPING.has(field));
  return fields
    .filter((field) => !same(opened[field], now[field]))
    .flatMap((field) => {
      const [before, after] = [opened[field], now[field]];
      if ((isRecord(before) || isRecord(after)) && recordOrNothing(before) && recordOrNothing(after)) {
        return changesSince(isRecord(before) ? before : {}, isRecord(after) ? after : {}, `${prefix}${field}.`);
      }
      return [{ field: `${prefix}${field}`, opened: before, now: after }];
    });
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

/**
 * What "Overwrite with mine" saves after a conflict: the record as it is now, with only the fields the
 * user changed since the form opened (`mine` differing from `opened`) set to the user's values. A field
 * both changed takes the user's value; one only the other side changed keeps theirs. A field is a
 * whole value (a list of tags or steps is one field), and the bookkeeping (version) stays the latest's,
 * so the save is checked against the record the user has now seen.
 */
export function mineOverLatest<Saved extends Record<string, unknown>>(opened: Record<string, unknown>, mine: Record<string, unknown>, latest: Saved): Saved {
  const changedByMe = Object.keys(mine).filter((field) => !BOOKKEEPING.has(field) && !same(mine[field], opened[field]));
  return { ...latest, ...Object.fromEntries(changedByMe.map((field) => [field, mine[field]])) };
}
