import { localDate } from '../../../domain/format.ts';

const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The instant a day of the user's calendar starts, in the browser's time zone. */
function startOfLocalDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/**
 * A list's filter with the days a user picked said as what they mean on the user's calendar: the
 * server's clock runs on UTC, where a user's evening may already be tomorrow.
 * - Tasks, 'Overdue only': open and due before the user's today.
 * - Activity, From and Until: from the start of the From day to the end of the Until day, local time.
 */
export function onTheUsersCalendar(resource: string, filter: Record<string, unknown>, now: Date = new Date()): Record<string, unknown> {
  if (resource === 'tasks' && filter?.overdue === true) return { ...filter, overdue: localDate(now) };
  if (resource === 'activity' && (isDay(filter?.since) || isDay(filter?.until))) {
    const local = { ...filter };
    if (isDay(filter.since)) local.since = startOfLocalDay(filter.since).toISOString();
    if (isDay(filter.until)) {
      const nextDay = startOfLocalDay(filter.until);
      nextDay.setDate(nextDay.getDate() + 1);
      // Events are stamped to the millisecond, so the day's last millisecond closes it.
      local.until = new Date(nextDay.getTime() - 1).toISOString();
    }
    return local;
  }
  return filter;
}
