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

/** The timeline's CSV: each row as the screen reads it, a moment in a summary on the user's clock too. */
export const timelineCsvColumns: CsvColumn<ActivityRow>[] = [
  { header: 'When', value: (row) => row.occurredAt },
  { header: 'Record', value: (row) => recordKinds[row.resource] ?? row.resource },
  { header: 'Record id', value: (row) => row.recordId },
  { header: 'Event', value: (row) => labelOf(row.type) },
  { header: 'What happened', value: (row) => withLocalMoments(row.summary) },
  { header: 'By', value: (row) => (row.source ? (sourceLabels[row.source] ?? row.source) : '') },
];
