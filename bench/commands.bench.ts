import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { handleCommand } from '../backend/src/commands/handle-command.ts';
import { PostgresEventStore } from '../backend/src/eventstore/postgres.ts';
import { runWithContext, systemContext } from '../backend/src/context/request-context.ts';
import { taskDecider } from '../backend/src/outreach/tasks/decider.ts';
import { projections } from '../projections/index.ts';
import { inlineProjections, rebuildProjections } from '../projections/runner.ts';
import { benchDatabase, benchEngines } from './engines.ts';
import type { Report } from './run.ts';

const replayEvents = 100_000;

/** Commands per second through decide, append and inline projections, with `clients` running at once. */
async function commandThroughput(knex: Knex, clients: number, commandsPerClient: number): Promise<number> {
  const store = new PostgresEventStore(knex, inlineProjections(projections));
  const userId = randomUUID();
  await knex('users').insert({ id: userId, name: 'Bench', email: `${userId}@bench.local`, password_hash: 'x' });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; i < commandsPerClient; i += 1) {
        const taskId = randomUUID();
        const at = new Date().toISOString();
        await runWithContext(systemContext({ userId, source: 'ui' }), async () => {
          await handleCommand(store, taskDecider, `task-${taskId}`, { type: 'CreateTask', taskId, userId, text: `Task ${client}-${i}`, dueDate: '2027-01-01', bankId: 628, at });
          await handleCommand(store, taskDecider, `task-${taskId}`, { type: 'CompleteTask', userId, at });
        });
      }
    }),
  );
  return (clients * commandsPerClient * 2) / ((performance.now() - started) / 1000);
}

/** Writes `count` task events (create, rename, complete, reschedule per task) straight into the store table. */
async function seedEvents(knex: Knex, count: number): Promise<{ userId: string; rows: Record<string, unknown>[] }> {
  const userId = randomUUID();
  await knex('users').insert({ id: userId, name: 'Replay', email: `${userId}@bench.local`, password_hash: 'x' });
  const metadata = { userId, correlationId: 'bench', requestId: 'bench', source: 'system', schemaVersion: 1 };
  const events: Record<string, unknown>[] = [];
  const rows: Record<string, unknown>[] = [];
  for (let task = 0; events.length < count; task += 1) {
    const taskId = randomUUID();
    const streamId = `task-${taskId}`;
    const batch = [
      { type: 'TaskCreated', data: { taskId, ownerId: userId, bankId: 628 + (task % 50), text: `Task ${task}`, dueDate: '2027-01-01' } },
      { type: 'TaskTextChanged', data: { text: `Task ${task} (renamed)` } },
      { type: 'TaskRescheduled', data: { dueDate: '2027-02-01' } },
      { type: 'TaskCompleted', data: { completedAt: '2026-11-22T10:00:00.000Z' } },
    ];
    batch.forEach((event, index) => events.push({ stream_id: streamId, stream_version: index + 1, type: event.type, data: event.data, metadata }));
    rows.push({ id: taskId, user_id: userId, bank_id: 628 + (task % 50), text: `Task ${task} (renamed)`, due_date: '2027-02-01', completed: true, completed_at: '2026-11-22T10:00:00.000Z', version: 4, created_at: new Date(), updated_at: new Date() });
  }
  for (let i = 0; i < events.length; i += 1000) await knex('events').insert(events.slice(i, i + 1000));
  return { userId, rows };
}

export async function run(report: Report): Promise<void> {
  for (const engine of benchEngines) {
    const db = await benchDatabase(engine);
    try {
      const one = await commandThroughput(db.knex, 1, 300);
      const sixteen = await commandThroughput(db.knex, 16, 40);
      await db.knex.raw('truncate events, tasks, activity restart identity');

      const { rows } = await seedEvents(db.knex, replayEvents);
      const taskProjections = projections.filter((projection) => projection.name === 'tasks');
      const replayStarted = performance.now();
      const { events } = await rebuildProjections(db.knex, taskProjections);
      const replaySeconds = (performance.now() - replayStarted) / 1000;

      await db.knex('tasks').truncate();
      const insertStarted = performance.now();
      for (let i = 0; i < rows.length; i += 1000) await db.knex('tasks').insert(rows.slice(i, i + 1000));
      const insertSeconds = (performance.now() - insertStarted) / 1000;

      report(`event-sourced commands [${engine}]`, {
        'commands/s, 1 client (decide+append+inline projections)': one.toFixed(0),
        'commands/s, 16 concurrent clients': sixteen.toFixed(0),
        [`rebuild 'tasks' over ${events.toLocaleString('en-US')} events, events/s`]: (events / replaySeconds).toFixed(0),
        [`plain INSERT of the same ${rows.length.toLocaleString('en-US')} read rows, rows/s`]: (rows.length / insertSeconds).toFixed(0),
        'rebuild time / plain insert time': (replaySeconds / insertSeconds).toFixed(1),
      });
    } finally {
      await db.close();
    }
  }
}
