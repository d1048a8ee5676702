import { localDate } from '../../../../domain/format.ts';
import type { ReportRow as Row } from '../../providers/services.ts';
import type { CsvColumn } from '../../resources/shared/csv.ts';
import { automationOutcomeLabel } from './outcomes.ts';

const yesNo = (value: Row[string]) => (value ? 'yes' : 'no');
const column = (header: string, key: string, write: (value: Row[string]) => unknown = (value) => value): CsvColumn<Row> => ({ header, value: (row) => write(row[key]) });
const weekly = (counted: string): CsvColumn<Row>[] => [column('Week starting (Monday)', 'week'), column(counted, 'count')];

/**
 * Each report's CSV: headers in words and values as the screen names them (an automation outcome as
 * 'Stopped: Replied', yes and no), numbers left as numbers for the spreadsheet to sum. Money is in
 * dollars and ratios in percent, as the bank's figures are kept.
 */
export const reportCsvColumns = {
  funnel: [column('Stage', 'stage'), column('Contacts', 'count')],
  automation: [column('Outcome', 'outcome', (value) => automationOutcomeLabel(String(value))), column('Count', 'count')],
  'emails-per-week': weekly('Emails sent'),
  'tasks-per-week': weekly('Tasks completed'),
  targets: [
    column('Cert', 'cert'),
    column('Bank', 'name'),
    column('City', 'city'),
    column('State', 'state'),
    column('Target', 'isTarget', yesNo),
    column('Total assets ($)', 'assets'),
    column('ROA (%)', 'roa'),
    column('NPL ratio (%)', 'nplRatio'),
    column('Contacts', 'contacts'),
  ],
  contacts: [
    column('Contact id', 'id'),
    column('Name', 'name'),
    column('Title', 'title'),
    column('Cert', 'bankId'),
    column('Bank', 'bankName'),
    column('Email', 'email'),
    column('Hot lead', 'isHotLead', yesNo),
    column('Replied', 'replied', yesNo),
  ],
} satisfies Record<string, CsvColumn<Row>[]>;

/** A report the screen shows and exports. */
export type ReportName = keyof typeof reportCsvColumns;

/**
 * A report's CSV file name: the report, and the moment it is as of on the user's clock, as the page
 * says it (contacts-as-of-2026-11-29T1000 for 10:00 AM in the user's zone).
 */
export function reportFileName(name: ReportName, asOf: string | null): string {
  if (!asOf) return name;
  const instant = new Date(asOf);
  const time = [instant.getHours(), instant.getMinutes()].map((part) => String(part).padStart(2, '0')).join('');
  return `${name}-as-of-${localDate(instant)}T${time}`;
}
