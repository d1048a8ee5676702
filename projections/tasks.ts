import { toDomainEvent } from '../backend/src/events/registry.ts';
import { taskEvents, type TaskEvent } from '../backend/src/outreach/tasks/events.ts';
import type { Projection } from './projection.ts';
import { deleteRow, insertRow, updateRow } from './versioned-rows.ts';

const taskIdOf = (streamId: string) => streamId.slice('task-'.length);

export const tasksProjection: Projection = {
  name: 'tasks',
  tables: ['tasks'],
  handles: Object.keys(taskEvents),
  bufferedRebuild: true,
  async apply(recorded, trx) {
    const event = toDomainEvent<TaskEvent>(recorded);
    const key = { id: taskIdOf(recorded.streamId) };
    switch (event.type) {
      case 'TaskCreated':
        return insertRow(trx, 'tasks', recorded, {
          id: event.data.taskId,
          user_id: event.data.ownerId,
          bank_id: event.data.bankId,
          text: event.data.text,
          due_date: event.data.dueDate,
          completed: false,
        });
      case 'TaskTextChanged':
        return updateRow(trx, 'tasks', key, recorded, { text: event.data.text });
      case 'TaskRescheduled':
        return updateRow(trx, 'tasks', key, recorded, { due_date: event.data.dueDate });
      case 'TaskMovedToBank':
        return updateRow(trx, 'tasks', key, recorded, { bank_id: event.data.bankId });
      case 'TaskCompleted':
        return updateRow(trx, 'tasks', key, recorded, { completed: true, completed_at: event.data.completedAt });
      case 'TaskReopened':
        return updateRow(trx, 'tasks', key, recorded, { completed: false, completed_at: null });
      case 'TaskDeleted':
        return deleteRow(trx, 'tasks', key, recorded);
    }
  },
};
