/** Corporate history events (id, date, description, details) and the chart's counts. */

import { isoDate, text, type RawRecord } from '../../banks/records.ts';

export type HistoryEvent = { id: string; date: string | null; description: string; details: string | null };

/** An event from the normalised shape or the FDIC history fields (EFFDATE, CHANGECODE_DESC, ...). */
export function historyEventOf(record: RawRecord, index = 0): HistoryEvent {
  const date = isoDate(record.date ?? record.EFFDATE ?? record.PROCDATE);
  const description = text(record, 'description', 'CHANGECODE_DESC', 'change_description') ?? 'Structure change';
  const explicitDetails = text(record, 'details', 'DETAILS');
  const fdicDetails = [text(record, 'FRM_INSTNAME') && `From ${text(record, 'FRM_INSTNAME')}`, text(record, 'ACQ_INSTNAME') && `Acquirer ${text(record, 'ACQ_INSTNAME')}`, text(record, 'OUT_INSTNAME') && `Outgoing ${text(record, 'OUT_INSTNAME')}`]
    .filter(Boolean)
    .join('; ');
  return { id: text(record, 'id', 'ID', 'TRANSNUM') ?? `${date ?? 'event'}-${index}`, date, description, details: explicitDetails ?? (fdicDetails || null) };
}

/** Events per year, oldest year first, for the history chart. */
export function eventsPerYear(events: HistoryEvent[]): Array<{ year: string; count: number }> {
  const counts = new Map<string, number>();
  for (const event of events) {
    const year = event.date?.slice(0, 4) ?? 'Unknown';
    counts.set(year, (counts.get(year) ?? 0) + 1);
  }
  return [...counts.entries()].map(([year, count]) => ({ year, count })).sort((a, b) => a.year.localeCompare(b.year));
}
