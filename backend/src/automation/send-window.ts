/**
 * Send windows: automation sends only between the start and end hour, local time, on the send days
 * (1 Monday to 7 Sunday). Pure functions over instants and IANA zones, so a fake clock can walk a
 * whole workflow through weekends and daylight-saving changes.
 */
export type SendWindow = { startHour: number; endHour: number; days: readonly number[]; timeZone: string };

type LocalDate = { year: number; month: number; day: number };
type LocalTime = LocalDate & { hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, format);
  }
  return format;
}

export function localTime(instant: Date, zone: string): LocalTime {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

/** The local calendar day of an instant, as YYYY-MM-DD (the daily cap counts per local day). */
export function localDay(instant: Date, zone: string): string {
  const { year, month, day } = localTime(instant, zone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, zone: string): number {
  const local = localTime(new Date(instant), zone);
  return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time (given as if it were UTC) happens in the zone. */
function instantOfWall(wall: number, zone: string): Date {
  const first = wall - offsetAt(wall, zone);
  // a second pass settles days when the offset changes (daylight saving)
  return new Date(wall - offsetAt(first, zone));
}

/** The instant a local wall-clock hour happens in the zone (hour 24 is the next midnight). */
function instantOf(date: LocalDate, hour: number, zone: string): Date {
  return instantOfWall(Date.UTC(date.year, date.month - 1, date.day, hour), zone);
}

function addDays(date: LocalDate, days: number): LocalDate & { weekday: number } {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate(), weekday: ((shifted.getUTCDay() + 6) % 7) + 1 };
}

/**
 * The same wall-clock time `days` calendar days later in the zone: a day across a daylight-saving
 * change is 23 or 25 hours long.
 */
export function addLocalDays(instant: Date, days: number, zone: string): Date {
  const local = localTime(instant, zone);
  const date = addDays(local, days);
  return instantOfWall(Date.UTC(date.year, date.month - 1, date.day, local.hour, local.minute, local.second, instant.getUTCMilliseconds()), zone);
}

/** The window that is open at `from` or opens next: its start (or `from` itself when open) and its end. */
export function nextWindow(window: SendWindow, from: Date): { opensAt: Date; closesAt: Date } {
  const today = localTime(from, window.timeZone);
  for (let offset = 0; offset <= 7; offset += 1) {
    const day = addDays(today, offset);
    if (!window.days.includes(day.weekday)) continue;
    const start = instantOf(day, window.startHour, window.timeZone);
    const end = instantOf(day, window.endHour, window.timeZone);
    if (from < end) return { opensAt: from > start ? from : start, closesAt: end };
  }
  throw new Error('A send window needs at least one send day.');
}

export function isOpen(window: SendWindow, at: Date): boolean {
  return nextWindow(window, at).opensAt.getTime() === at.getTime();
}

/** The first moment of the next local day, so a step held back by the cap waits for tomorrow's window. */
export function startOfNextDay(at: Date, zone: string): Date {
  return instantOf(addDays(localTime(at, zone), 1), 0, zone);
}

/**
 * When a step should run: the first open moment at or after `earliest`, plus a small random spread so
 * many steps due at once do not all go in the same minute; the spread never leaves the window.
 * `immediate` (a first step started while the window is open) goes at once, with no spread.
 */
export function scheduleAt(window: SendWindow, earliest: Date, options: { random: () => number; spreadMinutes: number; immediate?: boolean }): Date {
  const { opensAt, closesAt } = nextWindow(window, earliest);
  if (options.immediate && opensAt.getTime() === earliest.getTime()) return opensAt;
  const room = closesAt.getTime() - opensAt.getTime() - 60_000;
  const spread = Math.floor(options.random() * Math.min(options.spreadMinutes * 60_000, Math.max(room, 0)));
  return new Date(opensAt.getTime() + spread);
}

/** Each US state's (and territory's) main time zone, for a bank whose user set none. */
const stateZones: Record<string, string> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago', CA: 'America/Los_Angeles',
  CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York', DC: 'America/New_York', FL: 'America/New_York',
  GA: 'America/New_York', HI: 'Pacific/Honolulu', ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago', KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago', MS: 'America/Chicago',
  MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago', NV: 'America/Los_Angeles', NH: 'America/New_York',
  NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago',
  OH: 'America/New_York', OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver',
  VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles', WV: 'America/New_York', WI: 'America/Chicago',
  WY: 'America/Denver', PR: 'America/Puerto_Rico', VI: 'America/St_Thomas', GU: 'Pacific/Guam', AS: 'Pacific/Pago_Pago', MP: 'Pacific/Saipan',
};

/** The zone automation uses for a bank: the user's own when set, else the bank's state's (Eastern when unknown). */
export function zoneFor(userZone: string | null, bankState: string | null): string {
  return userZone ?? stateZones[(bankState ?? '').trim().toUpperCase()] ?? 'America/New_York';
}
