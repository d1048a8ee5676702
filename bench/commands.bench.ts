import { randomUUID } from 'node:crypto';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import type { Knex } from 'knex';
import pg from 'pg';
import { handleCommand } from '../backend/src/commands/handle-command.ts';
import type { Engine } from '../backend/src/db/database.ts';
import { activitySearchWorker } from '../backend/src/outreach/activity-search.ts';
import { PostgresEventStore } from '../backend/src/eventstore/postgres.ts';
import { runWithContext, systemContext } from '../backend/src/context/request-context.ts';
import { taskDecider } from '../backend/src/outreach/tasks/decider.ts';
import { projections } from '../projections/index.ts';
import { inlineProjections, rebuildProjections } from '../projections/runner.ts';
import { benchDatabase, benchEngines, createBenchDatabase } from './engines.ts';
import type { Figure, FigureValue, Report } from './run.ts';

/**
 * The command path (load the stream, decide, append, project inline) at 1 and 16 clients, beside
 * what the same database does for the same events with Emmett's PostgreSQL event store (append
 * only, no projection) and with plain autocommit INSERTs. Each "command" is one task event: a task
 * is created, then completed. The three take turns, several rounds, and each figure is the median
 * of its rounds: this machine's speed drifts by a third from minute to minute, and a slow spell then
 * falls on all three instead of on one. Then a rebuild of the tasks read model over 100,000 events,
 * beside plain INSERTs of the rows it produces.
 */

const replayEvents = 100_000;
const runs = [
  { clients: 1, commandsPerClient: 100 },
  { clients: 16, commandsPerClient: 25 },
];
const rounds = 5;
/**
 * Create-then-complete pairs each contestant runs untimed before its rounds, spread over its
 * clients. The figures are of a server in its steady state: V8 optimises the command path (decide,
 * validate, serialise, project) over its first thousands of commands, which a plain INSERT, with
 * little JavaScript of its own, does not wait for. Measured at 1 client: ours took 863 µs a command
 * over its first 2,000 and 634 µs over the next, plain INSERTs 387 and 382 µs.
 */
const warmUpPairs = 1_000;

type Workload = (client: number, index: number) => Promise<void>;
type Contestant = { pair: Workload; close(): Promise<void> };

/** Commands per second with `clients` running `perClient` create-then-complete pairs each (2 commands a pair). */
async function throughput(clients: number, perClient: number, pair: Workload): Promise<number> {
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, async (_, client) => {
    for (let index = 0; index < perClient; index += 1) await pair(client, index);
  }));
  return (clients * perClient * 2) / ((performance.now() - started) / 1000);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each contestant's median rate over `rounds` turns, after an untimed warm-up turn each. */
async function race<Name extends string>(contestants: Record<Name, Contestant>, clients: number, perClient: number): Promise<Record<Name, number>> {
  const names = Object.keys(contestants) as Name[];
  for (const name of names) await throughput(clients, Math.ceil(warmUpPairs / clients), contestants[name].pair);
  const rates = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Name, number[]>;
  for (let round = 0; round < rounds; round += 1) {
    for (const name of names) rates[name].push(await throughput(clients, perClient, contestants[name].pair));
  }
  return Object.fromEntries(names.map((name) => [name, median(rates[name])])) as Record<Name, number>;
}

/** Ours as a server runs it: with the activity search index's job beside the commands, indexing what they append. */
function ours(knex: Knex, engine: Engine, userId: string): Contestant {
  const store = new PostgresEventStore(knex, inlineProjections(projections));
  const searchIndexing = activitySearchWorker(knex, engine);
  searchIndexing.start();
  return {
    pair: async (client, index) => {
      const taskId = randomUUID();
      const at = new Date().toISOString();
      await runWithContext(systemContext({ userId, source: 'ui' }), async () => {
        await handleCommand(store, taskDecider, `task-${taskId}`, { type: 'CreateTask', taskId, userId, text: `Task ${client}-${index}`, dueDate: '2027-01-01', bankId: 628, at });
        await handleCommand(store, taskDecider, `task-${taskId}`, { type: 'CompleteTask', userId, at });
      });
    },
    close: async () => {
      await searchIndexing.stop();
      await store.close();
    },
  };
}

const taskCreated = (taskId: string, userId: string, text: string) => ({ type: 'TaskCreated', data: { taskId, ownerId: userId, bankId: 628, text, dueDate: '2027-01-01' } });
const taskCompleted = (at: string) => ({ type: 'TaskCompleted', data: { completedAt: at } });
const metadataOf = (userId: string) => ({ userId, correlationId: randomUUID(), requestId: randomUUID(), source: 'ui', schemaVersion: 1 });

/** A database of its own on the same server, for a store that brings its own tables. */
async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const { name, url, admin } = await createBenchDatabase('charterline_scratch_');
  return {
    url,
    // Without force: Emmett may keep idle connections whose pool would crash this process when
    // terminated. A database still in use is left behind, and dropped by the next run's start.
    async drop() {
      await admin.raw('drop database if exists ??', [name]).catch(() => undefined);
      await admin.destroy();
    },
  };
}

/**
 * Emmett's driver sets node-postgres' type parsers for the whole process (bigint as BigInt, JSON
 * through its own reader): they are put back after it, or every bench run after this one in the
 * same process reads rows unlike the app (a rebuild failed on a BigInt key). Ours runs between
 * Emmett's turns, so its rows are read through Emmett's parsers meanwhile: it reads back only the
 * task streams it appends, whose columns are text, integers and JSON.
 */
const typesEmmettParses = [20, 114, 3802];

async function emmett(userId: string): Promise<Contestant> {
  const parsers = typesEmmettParses.map((oid) => pg.types.getTypeParser(oid, 'text'));
  const database = await scratchDatabase();
  // Our own pool of the same size as ours, ended before the database is dropped.
  const pool = new pg.Pool({ connectionString: database.url, max: 20 });
  const store = getPostgreSQLEventStore(database.url, { connectionOptions: { pooled: true, pool } });
  await store.appendToStream(`task-warm-up`, [taskCreated(randomUUID(), userId, 'warm-up')]);
  return {
    pair: async (client, index) => {
      const taskId = randomUUID();
      const metadata = metadataOf(userId);
      await store.appendToStream(`task-${taskId}`, [{ ...taskCreated(taskId, userId, `Task ${client}-${index}`), metadata }], { expectedStreamVersion: STREAM_DOES_NOT_EXIST });
      await store.appendToStream(`task-${taskId}`, [{ ...taskCompleted(new Date().toISOString()), metadata }], { expectedStreamVersion: 1n });
    },
    async close() {
      await store.close();
      await pool.end();
      await database.drop();
      typesEmmettParses.forEach((oid, index) => pg.types.setTypeParser(oid, 'text', parsers[index]));
    },
  };
}

/** The floor: each event as one autocommit INSERT of the same row into a table with the same unique key. */
async function plainInserts(userId: string): Promise<Contestant> {
  const database = await scratchDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 20 });
  await pool.query(`create table plain_events (global_position bigserial primary key, stream_id text not null, stream_version int not null, type text not null,
    data jsonb not null, metadata jsonb not null, recorded_at timestamptz not null default now(), unique (stream_id, stream_version))`);
  const insert = (streamId: string, version: number, event: { type: string; data: object }) =>
    pool.query('insert into plain_events (stream_id, stream_version, type, data, metadata) values ($1, $2, $3, $4, $5)', [streamId, version, event.type, event.data, metadataOf(userId)]);
  return {
    pair: async (client, index) => {
      const taskId = randomUUID();
      await insert(`task-${taskId}`, 1, taskCreated(taskId, userId, `Task ${client}-${index}`));
      await insert(`task-${taskId}`, 2, taskCompleted(new Date().toISOString()));
    },
    async close() {
      await pool.end();
      await database.drop();
    },
  };
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

const rate = (value: number, anchor?: { name: string; value: number }): Figure => ({ value, unit: 'commands/s', ...(anchor ? { anchor } : {}) });

export async function run(report: Report): Promise<void> {
  for (const engine of benchEngines) {
    const db = await benchDatabase(engine);
    try {
      const userId = randomUUID();
      await db.knex('users').insert({ id: userId, name: 'Bench', email: `${userId}@bench.local`, password_hash: 'x' });
      const figures: Record<string, FigureValue> = {};
      // Emmett and plain INSERTs need a PostgreSQL server: on PGlite ours stands alone.
      const contestants: Record<string, Contestant> = { ours: ours(db.knex, engine, userId) };
      if (engine === 'postgres') Object.assign(contestants, { emmett: await emmett(userId), plain: await plainInserts(userId) });
      try {
        for (const { clients, commandsPerClient } of runs) {
          const rates = await race(contestants, clients, commandsPerClient);
          const label = `${clients} client${clients === 1 ? '' : 's'}`;
          figures[`ours: decide+append+inline projections, ${label}`] = rate(rates.ours, rates.emmett === undefined ? undefined : { name: 'Emmett append', value: rates.emmett });
          if (rates.emmett !== undefined && rates.plain !== undefined) {
            figures[`ours as a share of plain INSERTs, ${label}`] = { value: (100 * rates.ours) / rates.plain, unit: '%', anchor: { name: 'goal', value: 50 } };
            figures[`Emmett PostgreSQL append (no projection), ${label}`] = rate(rates.emmett);
            figures[`plain autocommit INSERTs of the same events, ${label}`] = rate(rates.plain);
          }
        }
      } finally {
        for (const contestant of Object.values(contestants)) await contestant.close();
      }
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

      figures[`rebuild 'tasks' over ${events.toLocaleString('en-US')} events`] = { value: events / replaySeconds, unit: 'events/s', anchor: { name: 'goal', value: 100_000 } };
      figures[`plain INSERT of the same ${rows.length.toLocaleString('en-US')} read rows`] = { value: rows.length / insertSeconds, unit: 'rows/s' };
      figures['rebuild time / plain insert time'] = { value: replaySeconds / insertSeconds, unit: '×' };
      report(`event-sourced commands [${engine}]`, figures);
    } finally {
      await db.close();
    }
  }
}
