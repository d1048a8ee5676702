import { localTime } from '../automation/send-window.ts';
import { enrolmentStopReasons } from '../../../domain/records/enrolment.ts';
import type { EnrolmentOutcome, ReportState } from './state.ts';

type Row = Record<string, string | number | boolean | null>;

/**
 * How the reader reads time: weeks are counted in the reader's time zone (IANA, e.g. America/Chicago),
 * and a weekly series runs until the week of `until` (the report's moment, never later than now).
 */
export type ReportOptions = { timeZone: string; until: Date };

/**
 * Monday of the week a moment falls in on the reader's calendar, as a date: the key of the weekly
 * series. An email sent on Sunday evening in New York is Monday on the server's clock (UTC), yet
 * belongs to the week its sender saw it in.
 */
export function weekOf(moment: string, timeZone = 'UTC'): string {
  const instant = new Date(moment);
  const { year, month, day } = timeZone === 'UTC' ? { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() } : localTime(instant, timeZone);
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7; // Monday = 0
  return new Date(Date.UTC(year, month - 1, day - weekday)).toISOString().slice(0, 10);
}

/** The Monday a week after this one (weeks are keyed by their Monday's date). */
const nextWeek = (week: string) => new Date(Date.parse(`${week}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);

/**
 * Counts per week, every week from the first counted one until the report's moment, a quiet week
 * as 0: a chart and a spreadsheet of the rows would otherwise put a busy week next to one months
 * later, and hide that nothing happened since.
 */
function perWeek(moments: Array<string | null>, { timeZone, until }: ReportOptions): Row[] {
  const counts = new Map<string, number>();
  for (const moment of moments) {
    if (!moment) continue;
    const week = weekOf(moment, timeZone);
    counts.set(week, (counts.get(week) ?? 0) + 1);
  }
  if (counts.size === 0) return [];
  const weeks = [...counts.keys()].sort();
  const untilWeek = weekOf(until.toISOString(), timeZone);
  const last = weeks[weeks.length - 1] > untilWeek ? weeks[weeks.length - 1] : untilWeek;
  const rows: Row[] = [];
  for (let week = weeks[0]; week <= last; week = nextWeek(week)) rows.push({ week, count: counts.get(week) ?? 0 });
  return rows;
}

/** The outcomes in the order the report lists them: under way, through, then each reason to stop. */
const enrolmentOutcomes: EnrolmentOutcome[] = ['active', 'paused', 'completed', ...enrolmentStopReasons.map((reason) => `stopped:${reason}` as const)];

const byName = (a: Row, b: Row) => String(a.name).localeCompare(String(b.name)) || String(a.id ?? a.cert).localeCompare(String(b.id ?? b.cert));
const figure = (value: unknown) => (typeof value === 'number' ? value : null);

/** Each report is a view of the folded state; its rows are what the screen charts and the CSV holds. */
export const reports = {
  /** Tracked banks as they were, with the key figures saved on them then and their contact count. */
  targets: (state) => {
    const contacts = new Map<number, number>();
    for (const contact of Object.values(state.contacts)) contacts.set(contact.bankId, (contacts.get(contact.bankId) ?? 0) + 1);
    return Object.values(state.targets)
      .map((target) => ({
        cert: target.cert,
        name: target.name,
        city: target.city,
        state: target.state,
        isTarget: target.isTarget,
        assets: figure(target.financials.assets),
        roa: figure(target.financials.roa),
        nplRatio: figure(target.financials.nplRatio),
        contacts: contacts.get(target.cert) ?? 0,
      }))
      .sort(byName);
  },
  /**
   * Contacts as they were, each at its bank under the name the tracked bank had then: the name saved
   * with the contact is the bank's when it was added or moved, and a bank renamed since reads by its
   * new name everywhere else. A bank not tracked then keeps the saved name.
   */
  contacts: (state) =>
    Object.entries(state.contacts)
      .map(([id, contact]) => ({
        id,
        name: contact.name,
        title: contact.title,
        bankId: contact.bankId,
        bankName: state.targets[String(contact.bankId)]?.name ?? contact.bankName,
        email: contact.email,
        isHotLead: contact.isHotLead,
        replied: contact.replied,
      }))
      .sort(byName),
  /** Contacts → emailed (a sent email reached them) → replied → hot leads, among the contacts that existed then. */
  funnel: (state) => {
    const { statuses, contactIds } = state.emails;
    const emailed = new Set(contactIds.filter((contactId, row) => contactId && statuses[row] === 'sent'));
    const contacts = Object.entries(state.contacts);
    return [
      { stage: 'Contacts', count: contacts.length },
      { stage: 'Emailed', count: contacts.filter(([id]) => emailed.has(id)).length },
      { stage: 'Replied', count: contacts.filter(([, contact]) => contact.replied).length },
      { stage: 'Hot', count: contacts.filter(([, contact]) => contact.isHotLead).length },
    ];
  },
  'emails-per-week': (state, options) => perWeek(state.emails.sentAts.filter((_sentAt, row) => state.emails.statuses[row] === 'sent'), options),
  'tasks-per-week': (state, options) => perWeek(Object.values(state.tasks).map((task) => task.completedAt), options),
  /** How many enrolments stand at each outcome: the rows part the enrolments, so their counts add up to them. */
  automation: (state) => {
    const counts = new Map<EnrolmentOutcome, number>();
    for (const outcome of Object.values(state.enrolments)) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    return enrolmentOutcomes.filter((outcome) => counts.has(outcome)).map((outcome) => ({ outcome, count: counts.get(outcome)! }));
  },
} satisfies Record<string, (state: ReportState, options: ReportOptions) => Row[]>;

export type ReportName = keyof typeof reports;
export const reportNames = Object.keys(reports) as ReportName[];
