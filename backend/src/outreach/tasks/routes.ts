import type { Knex } from 'knex';
import type { TaskRecord } from '../../../../domain/records/task.ts';
import { BadRequestError } from '../../http/errors.ts';
import { z } from 'zod';
import { booleanFilter, dateBoundFilter, certFilter, textOrder } from '../../http/simple-rest.ts';
import { isCalendarDate } from '../../../../domain/format.ts';
import type { AppServices } from '../../services.ts';
import { resourceRouter, runRecordCommand, type ResourceDefinition } from '../resource-routes.ts';
import { uuidParam } from '../schemas.ts';
import { createTaskBody, updateTaskBody, type TaskCommand } from './commands.ts';
import { taskDecider } from './decider.ts';
import { trackedBankName } from '../targets/names.ts';

type TaskRow = {
  id: string;
  bank_id: number;
  bank_name: string | null;
  text: string;
  due_date: string;
  completed: boolean;
  completed_at: Date | null;
  version: number;
  created_at: Date;
  updated_at: Date;
};

/**
 * Open and due before today. A due date is a day of the user's calendar, so a caller names its own
 * today (`overdue: "2026-12-31"`, as the app does): in a user's evening it may already be tomorrow
 * on the server's clock (UTC), which `true` goes by. `false` is everything `true` leaves out.
 */
function overdueFilter(query: Knex.QueryBuilder, value: unknown): void {
  if (typeof value === 'string' && isCalendarDate(value)) query.where('tasks.completed', false).where('tasks.due_date', '<', value);
  else if (value === true || value === 'true') query.where('tasks.completed', false).whereRaw('tasks.due_date < current_date');
  else if (value === false || value === 'false') query.where((inner) => inner.where('tasks.completed', true).orWhereRaw('tasks.due_date >= current_date'));
  else throw new BadRequestError('overdue must be true, false or your today as a date like 2026-12-31.');
}

export const tasksResource = (knex: Knex): ResourceDefinition<TaskCommand, TaskRow> => ({
  resource: 'tasks',
  what: 'Task',
  streamId: (id) => `task-${id}`,
  decider: taskDecider,
  // The bank's name comes from the user's tracked bank, when there is one.
  rows: (knex: Knex, userId: string) =>
    knex('tasks')
      .leftJoin('targets', (join) => join.on('targets.cert', 'tasks.bank_id').andOn('targets.user_id', 'tasks.user_id'))
      .where('tasks.user_id', userId)
      .select('tasks.*', 'targets.name as bank_name'),
  idColumn: 'tasks.id',
  idSchema: uuidParam,
  list: {
    sortable: { dueDate: 'tasks.due_date', createdAt: 'tasks.created_at', text: textOrder('tasks.text'), completed: 'tasks.completed', bankName: 'targets.name', id: 'tasks.id' },
    defaultSort: { field: 'dueDate', order: 'ASC' },
    filters: {
      bankId: certFilter('tasks.bank_id'),
      completed: booleanFilter('tasks.completed'),
      dueAfter: dateBoundFilter('tasks.due_date', '>='),
      dueBefore: dateBoundFilter('tasks.due_date', '<='),
      overdue: overdueFilter,
    },
    searchColumns: ['tasks.text', 'targets.name'],
    maxPageSize: 5000,
  },
  toApi: (row): TaskRecord => ({
    id: row.id,
    bankId: row.bank_id,
    bankName: row.bank_name,
    text: row.text,
    dueDate: row.due_date,
    completed: row.completed,
    completedAt: row.completed_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  }),
  create: (body, { userId, id, at }) => {
    const input = createTaskBody.parse(body);
    return { type: 'CreateTask', taskId: id, userId, at, ...input };
  },
  update: async (body, { userId, at }) => {
    const { text, dueDate, bankId, completed } = updateTaskBody.parse(body);
    const trackedName = bankId === undefined ? null : await trackedBankName(knex, userId, bankId);
    return { type: 'EditTask', userId, at, changes: { text, dueDate, bankId, completed }, trackedBankName: trackedName };
  },
  remove: ({ userId }) => ({ type: 'DeleteTask', userId }),
  restore: ({ userId, id }, _deleted, addedAt) => ({ type: 'RestoreTask', taskId: id, userId, addedAt }),
});

export function taskRoutes(services: AppServices) {
  const resource = tasksResource(services.knex);
  const router = resourceRouter(services, resource);
  const completionBody = z.object({ completed: z.boolean({ error: 'completed must be true or false.' }) }).strict();
  router.put('/:id/completion', async (ctx) => {
    const { completed } = completionBody.parse(ctx.request.body ?? {});
    await runRecordCommand(ctx, services, resource, ctx.params.id, ({ userId, at }) =>
      completed ? { type: 'CompleteTask' as const, userId, at } : { type: 'ReopenTask' as const, userId },
    );
  });
  return router;
}
