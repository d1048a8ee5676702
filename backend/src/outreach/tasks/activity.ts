import { formatDate } from '../../../../domain/format.ts';
import { quoted, type ActivityDescription } from '../activity.ts';
import type { TaskEvent } from './events.ts';

export const taskActivity: ActivityDescription<TaskEvent> = {
  resource: 'tasks',
  recordId: (streamId) => streamId.slice('task-'.length),
  summaries: {
    TaskCreated: (data) => `Created task ${quoted(data.text)} due ${formatDate(data.dueDate)}`,
    TaskTextChanged: (data) => `Renamed task to ${quoted(data.text)}`,
    TaskRescheduled: (data) => `Moved task due date to ${formatDate(data.dueDate)}`,
    TaskMovedToBank: (data) => `Moved task to ${data.bankName ?? `the bank with FDIC cert ${data.bankId}`}`,
    TaskCompleted: () => 'Completed task',
    TaskReopened: () => 'Reopened task',
    TaskDeleted: () => 'Deleted task',
    TaskRestored: (data) => `Restored task ${quoted(data.text)}`,
  },
};
