import { taskEvents } from '../backend/src/outreach/tasks/events.ts';
import { defineRowProjection, insert, remove, update } from './row-projection.ts';

export const tasksProjection = defineRowProjection(
  { name: 'tasks', title: 'Tasks', table: 'tasks', key: ['id'], version: 1, events: taskEvents, streamKey: (streamId) => ({ id: streamId.slice('task-'.length) }) },
  {
    TaskCreated: (data) => insert({ id: data.taskId, user_id: data.ownerId, bank_id: data.bankId, text: data.text, due_date: data.dueDate, completed: false }),
    TaskTextChanged: (data) => update({ text: data.text }),
    TaskRescheduled: (data) => update({ due_date: data.dueDate }),
    TaskMovedToBank: (data) => update({ bank_id: data.bankId }),
    TaskCompleted: (data) => update({ completed: true, completed_at: data.completedAt }),
    TaskReopened: () => update({ completed: false, completed_at: null }),
    TaskDeleted: () => remove(),
    TaskRestored: (data) =>
      insert({ id: data.taskId, user_id: data.ownerId, bank_id: data.bankId, text: data.text, due_date: data.dueDate, completed: data.completedAt !== null, completed_at: data.completedAt, created_at: data.addedAt }),
  },
);
