/**
 * Task due dates are calendar dates (YYYY-MM-DD) in the user's own day: "today" is the local date,
 * not the UTC one, so a task due today never shows as overdue in the evening.
 */
import { formatDate } from '../../../../domain/format.ts';

/** The Add Task form proposes a due date this many days ahead. */
export const DEFAULT_DUE_IN_DAYS = 7;
/** A task added with the quick-add input is due next week. */
export const QUICK_ADD_DUE_LABEL = 'Next Week';
export const QUICK_ADD_DUE_IN_DAYS = 7;

/** A calendar date moved by whole days (no time zone can shift it). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return moved.toISOString().slice(0, 10);
}

/** Whole days from `today` to `date` (negative when the date has passed). */
export function daysUntil(date: string, today: string): number {
  const toUtc = (value: string) => {
    const [year, month, day] = value.slice(0, 10).split('-').map(Number);
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((toUtc(date) - toUtc(today)) / 86_400_000);
}

export type DueTone = 'done' | 'overdue' | 'today' | 'soon' | 'later';
export type DueBadge = { label: string; tone: DueTone };

/**
 * The badge beside a task: overdue and due-today stand out, the next week is "soon", a completed
 * task only shows its date.
 */
export function dueBadge(dueDate: string, completed: boolean, today: string): DueBadge {
  const date = formatDate(dueDate);
  if (completed) return { label: date, tone: 'done' };
  const days = daysUntil(dueDate, today);
  if (days < 0) return { label: `Overdue · ${date}`, tone: 'overdue' };
  if (days === 0) return { label: 'Due today', tone: 'today' };
  if (days === 1) return { label: 'Due tomorrow', tone: 'soon' };
  if (days <= 7) return { label: `Due ${date}`, tone: 'soon' };
  return { label: `Due ${date}`, tone: 'later' };
}
