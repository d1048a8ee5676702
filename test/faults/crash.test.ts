import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import { openDatabase, type Database } from '../../backend/src/db/database.ts';
import { migrateToLatest } from '../../backend/src/db/migrate.ts';
import { projections } from '../../projections/index.ts';
import { rebuildProjections } from '../../projections/runner.ts';
import { emptyPostgresDatabase } from '../support/database.ts';
import { freePort } from '../support/free-port.ts';
import { serverBundle } from '../support/server-bundle.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const writers = 16;

/** The real server (its bundle, as `npm start` runs it) in a process of its own, so it can be killed. */
async function startServer(databaseUrl: string): Promise<{ url: string; process: ChildProcess; exited: Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverBundle()], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', JWT_SECRET: 'crash-test-secret-long-enough', DEMO_DATA: 'never', LOG_LEVEL: 'error', SIGNUPS_PER_HOUR: '100000', MAIL_DISPATCH: 'inline' },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}.`);
    if (await fetch(`${url}/api/health`).then((response) => response.ok, () => false)) break;
    if (attempt > 1200) throw new Error('The server did not answer within two minutes.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, process: child, exited };
}

/** A request's answer, and its place among the requests in the order they were sent. */
type Outcome = { status: number; id?: string; sent: number };

/** `writers` clients creating tasks one after another until `stop()` is true or the server is gone. */
async function writeTasks(url: string, token: string, label: string, stop: () => boolean, outcomes: Outcome[]): Promise<void> {
  let sent = 0;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let index = 0; !stop(); index += 1) {
        const place = sent++;
        const response = await fetch(`${url}/api/data/tasks`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text: `${label} ${writer}-${index}`, dueDate: '2027-01-01', bankId: 628 }),
        }).catch(() => undefined);
        if (!response) return; // the server is gone
        const body = (await response.json().catch(() => ({}))) as { id?: string };
        outcomes.push({ status: response.status, id: body.id, sent: place });
      }
    }),
  );
}

async function signUp(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Crash Test', email: `crash-${Date.now()}@example.com`, password: 'correct horse battery' }),
  });
  return ((await response.json()) as { token: string }).token;
}

const rowsOf = (knex: Knex, table: string, order: string) => knex(table).select('*').orderBy(order);

/** Needs real processes on PostgreSQL: skipped without TEST_DATABASE_URL. */
(postgresUrl ? describe : describe.skip)('the server under faults [postgres] (needs TEST_DATABASE_URL)', function () {
  this.timeout(300_000);
  let admin: Knex;
  let fresh: Awaited<ReturnType<typeof emptyPostgresDatabase>> | undefined;
  let name: string;
  let databaseUrl: string;
  let db: Database;

  before(async () => {
    admin = knexFactory({ client: 'pg', connection: postgresUrl!, pool: { min: 0, max: 1 } });
    fresh = await emptyPostgresDatabase();
    databaseUrl = fresh.url;
    name = new URL(databaseUrl).pathname.slice(1);
    db = await openDatabase({ engine: 'postgres', url: databaseUrl, poolSize: 4 });
    await db.knex.raw('create extension if not exists pg_trgm').catch(() => undefined);
    await migrateToLatest(db.knex);
  });

  after(async () => {
    await db?.close();
    await fresh?.drop();
    await admin.destroy();
  });

  it('loses no acknowledged command and duplicates no event when killed with SIGKILL mid-load, and its read models equal a rebuild', async () => {
    const first = await startServer(databaseUrl);
    const token = await signUp(first.url);
    const outcomes: Outcome[] = [];
    let killed = false;
    const load = writeTasks(first.url, token, 'Before the kill', () => killed, outcomes);
    // Killed once a good number of commands were acknowledged, with 16 more in flight.
    while (outcomes.filter((outcome) => outcome.status === 201).length < 80) await new Promise((resolve) => setTimeout(resolve, 5));
    first.process.kill('SIGKILL');
    killed = true;
    await first.exited;
    await load;

    const acknowledged = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.id!);
    expect(outcomes.filter((outcome) => outcome.status !== 201), 'every answer before the kill was a success').to.deep.equal([]);

    const second = await startServer(databaseUrl);
    try {
      const stored = new Set((await db.knex('tasks').pluck('id')) as string[]);
      expect(acknowledged.filter((id) => !stored.has(id)), 'acknowledged tasks missing after the restart').to.deep.equal([]);
      const duplicated = await db.knex('events').where({ type: 'TaskCreated' }).groupBy('stream_id').havingRaw('count(*) > 1').pluck('stream_id');
      expect(duplicated, 'streams with their creation twice').to.deep.equal([]);
      const [{ events, tasks }] = await db.knex.raw(
        "select (select count(*)::int from events where type = 'TaskCreated') as events, (select count(*)::int from tasks) as tasks",
      ).then((result: { rows: Array<{ events: number; tasks: number }> }) => result.rows);
      expect(tasks, 'one task row per creation event').to.equal(events);

      const before = { tasks: await rowsOf(db.knex, 'tasks', 'id'), activity: await rowsOf(db.knex, 'activity', 'global_position') };
      await rebuildProjections(db.knex, projections.filter((projection) => ['tasks', 'activity'].includes(projection.name)));
      expect(await rowsOf(db.knex, 'tasks', 'id'), 'tasks after a rebuild').to.deep.equal(before.tasks);
      expect(await rowsOf(db.knex, 'activity', 'global_position'), 'activity after a rebuild').to.deep.equal(before.activity);

      // The restarted server takes writes again.
      const after = await fetch(`${second.url}/api/data/tasks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'After the restart', dueDate: '2027-01-01', bankId: 628 }),
      });
      expect(after.status).to.equal(201);
    } finally {
      second.process.kill('SIGTERM');
      await second.exited;
    }
  });

  it('answers 503, never 500, while its database connections are terminated mid-load, and recovers without a restart', async () => {
    const server = await startServer(databaseUrl);
    try {
      const token = await signUp(server.url);
      const outcomes: Outcome[] = [];
      let stop = false;
      const load = writeTasks(server.url, token, 'Under terminations', () => stop, outcomes);
      for (let round = 0; round < 5; round += 1) {
        const target = outcomes.length + 20;
        while (outcomes.length < target) await new Promise((resolve) => setTimeout(resolve, 5));
        await admin.raw('select pg_terminate_backend(pid) from pg_stat_activity where datname = ? and pid <> pg_backend_pid()', [name]);
      }
      const target = outcomes.length + 50;
      while (outcomes.length < target) await new Promise((resolve) => setTimeout(resolve, 5));
      stop = true;
      await load;
      const statuses = new Set(outcomes.map((outcome) => outcome.status));
      expect([...statuses].filter((status) => status !== 201 && status !== 503), 'answers other than 201 and 503').to.deep.equal([]);
      // The last requests, sent after the terminations, all succeed: recovered without a restart. (An
      // answer to a request sent before them can come among the last: a write in doubt is looked up first.)
      const lastSent = [...outcomes].sort((a, b) => a.sent - b.sent).slice(-20);
      expect(lastSent.map((outcome) => outcome.status), 'the answers to the last 20 requests').to.deep.equal(Array(20).fill(201));
      // A write that took effect is answered 201: an append whose connection was terminated is looked
      // up before it is answered (it may have committed), and the read for the answer is tried again.
      const acknowledged = new Set(outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.id));
      const mine = (await db.knex('tasks').where('text', 'like', 'Under terminations %').pluck('id')) as string[];
      expect(mine.filter((id) => !acknowledged.has(id)), 'tasks written but answered 503').to.deep.equal([]);
    } finally {
      server.process.kill('SIGTERM');
      await server.exited;
    }
  });
});
