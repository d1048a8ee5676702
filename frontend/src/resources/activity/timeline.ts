import { withLocalMoments } from '../../../../domain/format.ts';
import type { CsvColumn } from '../shared/csv.ts';
import { sourceLabels } from '../shared/history.ts';
import { labelOf } from '../shared/labels.ts';

/** One row of the activity feed: one event of one of the user's records. */
export type ActivityRow = {
  id: number;
  resource: string;
  recordId: string;
  type: string;
  summary: string;
  source: string | null;
  version: number;
  occurredAt: string;
};

/** Record kinds as people call them. */
export const recordKinds: Record<string, string> = {
  banks: 'Tracked bank',
  contacts: 'Contact',
  tasks: 'Task',
  templates: 'Template',
  workflows: 'Workflow',
  'sent-emails': 'Sent email',
  enrolments: 'Automation enrolment',
  suppressions: 'Do Not Contact list',
};

/** Ids asked for in one request when an export names its records: a getMany's address stays short. */
const namesPerRequest = 100;

/**
 * The name of each record a timeline's rows are about, as the screen shows it (`named`: the field a
 * kind of record is named by, its `recordRepresentation`: a contact's name, a task's text, an email's
 * subject...), keyed `resource/id`, read from the records as they are now: an erased contact reads
 * as erased, and a record deleted since is missing. Kinds without a page (an enrolment) have no name.
 */
export async function recordNames(
  rows: ActivityRow[],
  named: Record<string, string>,
  readRecords: (resource: string, ids: string[]) => Promise<Array<Record<string, unknown>>>,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const [resource, field] of Object.entries(named)) {
    const ids = [...new Set(rows.filter((row) => row.resource === resource).map((row) => row.recordId))];
    for (let start = 0; start < ids.length; start += namesPerRequest) {
      for (const record of await readRecords(resource, ids.slice(start, start + namesPerRequest))) names.set(`${resource}/${record.id}`, String(record[field] ?? ''));
    }
  }
  return names;
}

/**
 * The timeline's CSV: each row as the screen reads it, a moment in a summary on the user's clock too.
 * `names` from `recordNames`, for the kinds of record `named`: one of those missing was deleted.
 */
export function timelineCsvColumns(names: Map<string, string>, named: Record<string, string>): CsvColumn<ActivityRow>[] {
  const deleted = (row: ActivityRow) => Object.hasOwn(named, row.resource) && !names.has(`${row.resource}/${row.recordId}`);
  const kind = (row: ActivityRow) => recordKinds[row.resource] ?? row.resource;
  return [
    { header: 'When', value: (row) => row.occurredAt, moments: true },
    { header: 'Record', value: (row) => (deleted(row) ? `${kind(row)}, deleted` : kind(row)) },
    { header: 'Name', value: (row) => names.get(`${row.resource}/${row.recordId}`) ?? '' },
    { header: 'Record id', value: (row) => row.recordId },
    { header: 'Event', value: (row) => labelOf(row.type) },
    { header: 'What happened', value: (row) => withLocalMoments(row.summary) },
    { header: 'By', value: (row) => (row.source ? (sourceLabels[row.source] ?? row.source) : '') },
  ];
}
