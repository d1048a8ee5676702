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
