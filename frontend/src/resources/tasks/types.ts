import type { TaskRecord } from '../../../../domain/records/task.ts';

/** A task as `/api/data/tasks` answers it; `dueDate` is a calendar date (YYYY-MM-DD). */
export type Task = TaskRecord;
