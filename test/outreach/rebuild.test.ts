import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { runWithContext, systemContext } from '../../backend/src/context/request-context.ts';
import { advisoryLockKeys } from '../../backend/src/db/advisory-lock.ts';
import { openDatabase } from '../../backend/src/db/database.ts';
import { projections } from '../../projections/index.ts';
import { claimRebuild, latestRebuild, RebuildRunning, runRebuild } from '../../projections/rebuilds.ts';
import { rebuildProjections, resetForAsyncReplay, saveCheckpoint, type RebuildProgress } from '../../projections/runner.ts';
import { buildTableOf, RebuildLockLost, staleProjections } from '../../projections/rebuild.ts';
import { tasksProjection } from '../../projections/tasks.ts';
import { describeWithDatabase } from '../support/database.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { insureResourceBanks, pick, resourceCases, seededRandom } from './resources.ts';
import { EventStoreDbDouble } from '../doubles/eventstoredb-double.ts';
import { insureBanks } from '../support/insured-banks.ts';

async function snapshot(knex: Knex): Promise<Record<string, unknown[]>> {
  const tables = [...new Set(projections.flatMap((projection) => projection.tables))].sort();
  const result: Record<string, unknown[]> = {};
  for (const table of tables) {
    const rows = await knex(table).select('*');
    result[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

describeWithDatabase('projection rebuild', (context) => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp(context.db);
    await insureResourceBanks(context.db.knex);
    // the banks of the contacts the tests below add without tracking them
    await insureBanks(context.db.knex, [4400, 4500]);
  });
  after(async () => app.stop());

  it('gathers the statistics the events are read by when the table has none, before reading it in batches', async () => {
    const lastAnalyzed = async () => (await context.db.knex.raw(`select coalesce(last_analyze, last_autoanalyze) as at from pg_stat_user_tables where relname = 'events'`)).rows[0]?.at ?? null;
    expect(await lastAnalyzed()).to.equal(null);
    await rebuildProjections(context.db.knex, projections.filter((projection) => projection.name === 'tasks'));
    expect(await lastAnalyzed()).to.be.instanceOf(Date);
  });

  it('replays contacts of one bank that share an address from before an address was held for one contact, and still refuses a new one', async () => {
    const { token, user } = await app.signUp('Legacy');
    const { knex, eventStore } = app.services;
    // as recorded by builds before the rule: ContactAdded version 1, without addressHeld
    const addedLongAgo = (name: string, email: string) => {
      const contactId = randomUUID();
      const data = { contactId, ownerId: user.id, bankId: 4400, bankName: 'Old Bank', name, title: 'CFO', email, linkedinUrl: null, tags: [] };
      return runWithContext(systemContext({ userId: user.id, source: 'ui' }), () => eventStore.append(`contact-${contactId}`, [{ type: 'ContactAdded', data, schemaVersion: 1 }], { expectedVersion: 'no_stream' }));
    };
    await addedLongAgo('Lea Legacy', 'lea@old.example');
    await addedLongAgo('Lee Legacy', 'LEA@old.example');
    const add = (name: string, email: string) => app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 4400, name, title: 'CEO', email } });
    expect((await add('Hal Held', 'hal@old.example')).status).to.equal(201);
    const held = async () => Object.fromEntries((await knex('contacts').where({ user_id: user.id }).select('name', 'address_held')).map((row) => [row.name, row.address_held]));
    expect(await held()).to.deep.equal({ 'Lea Legacy': false, 'Lee Legacy': false, 'Hal Held': true });

    const live = await snapshot(knex);
    await rebuildProjections(knex, projections.filter((projection) => projection.name === 'contacts'));
    expect(await snapshot(knex)).to.deep.equal(live);

    const lea = (await app.request('/api/data/contacts?filter={"q":"Lea Legacy"}', { token })).body[0];
    expect((await app.request(`/api/data/contacts/${lea.id}`, { method: 'PUT', token, body: { ...lea, email: 'Lea@old.example', title: 'CFO and COO' } })).status).to.equal(200);
    expect((await add('Lou New', 'lea@OLD.example')).status).to.equal(409);
    expect((await add('Hank New', 'HAL@old.example')).status).to.equal(409);
  });

  it('rebuilds deleted and restored records as the live tables hold them, deleted and restored again within one batch', async () => {
    const { token } = await app.signUp('Restorer');
    const post = (path: string, body?: unknown) => app.request(`/api/data/${path}`, { method: 'POST', token, body });
    const contact = (await post('contacts', { bankId: 4500, name: 'Rita Restored', title: 'CFO', email: 'rita@restored.example' })).body;
    await app.request(`/api/data/contacts/${contact.id}/verification`, { method: 'PUT', token, body: { result: 'risky', score: 40 } });
    const task = (await post('tasks', { text: 'Restored twice', dueDate: '2026-12-10', bankId: 4500, completed: true })).body;
    for (const path of [`contacts/${contact.id}`, `tasks/${task.id}`]) {
      for (let round = 0; round < 2; round += 1) {
        expect((await app.request(`/api/data/${path}`, { method: 'DELETE', token })).status).to.equal(200);
        expect((await post(`${path}/restore`)).status).to.equal(200);
      }
    }
    const live = await snapshot(context.db.knex);
    await rebuildProjections(context.db.knex, projections.filter((projection) => ['contacts', 'tasks', 'activity'].includes(projection.name)));
    expect(await snapshot(context.db.knex)).to.deep.equal(live);
    await rebuildProjections(context.db.knex, projections.filter((projection) => ['contacts', 'tasks'].includes(projection.name)), { batchSize: 2 });
    expect(await snapshot(context.db.knex)).to.deep.equal(live);
  });

  it('rebuilds read tables identical to the live ones after a random sequence of commands by several users', async function () {
    this.timeout(120_000);
    const random = seededRandom(20261122);
    const tokens = [(await app.signUp('A')).token, (await app.signUp('B')).token];
    const ids = new Map<string, string[]>(tokens.flatMap((token) => resourceCases.map((c) => [`${token}:${c.resource}`, []] as [string, string[]])));
    for (let step = 0; step < 150; step += 1) {
      const token = pick(random, tokens);
      const testCase = pick(random, resourceCases);
      await testCase.randomStep(app, token, random, ids.get(`${token}:${testCase.resource}`)!);
    }
    const live = await snapshot(context.db.knex);
    expect(Object.values(live).flat().length, 'the sequence should have produced read rows').to.be.greaterThan(20);

    const progress: number[] = [];
    const { events } = await rebuildProjections(context.db.knex, projections, { batchSize: 37, onProgress: ({ done }) => progress.push(done) });
    expect(events).to.be.greaterThan(0);
    expect(progress.length).to.be.greaterThan(1);
    expect(await snapshot(context.db.knex)).to.deep.equal(live);
  });

  it('rebuilds read tables identical to the live ones after commands sent by eight clients at once, racing on the same records', async function () {
    this.timeout(120_000);
    const tokens = [(await app.signUp('C')).token, (await app.signUp('D')).token];
    const ids = new Map<string, string[]>(tokens.flatMap((token) => resourceCases.map((c) => [`${token}:${c.resource}`, []] as [string, string[]])));
    // Eight clients, each its own sequence of random commands over the records all of them share:
    // their appends go together in batches, and some race on one record. Every client ends before
    // the test goes on, even when one fails, so none writes into the next test.
    const clients = await Promise.allSettled(
      Array.from({ length: 8 }, async (_, client) => {
        const random = seededRandom(20261127 + client);
        for (let step = 0; step < 40; step += 1) {
          const token = pick(random, tokens);
          const testCase = pick(random, resourceCases);
          await testCase.randomStep(app, token, random, ids.get(`${token}:${testCase.resource}`)!);
        }
      }),
    );
    for (const client of clients) if (client.status === 'rejected') throw client.reason;
    const live = await snapshot(context.db.knex);
    await rebuildProjections(context.db.knex, projections, { batchSize: 53 });
    expect(await snapshot(context.db.knex)).to.deep.equal(live);
  });

  it('lets the server answer between batches: on the embedded database a query never waits on I/O, and the batches held the process', async () => {
    const { token } = await app.signUp('Busy');
    for (let index = 0; index < 20; index += 1) {
      expect((await app.request('/api/data/tasks', { method: 'POST', token, body: { bankId: 628, text: `Task ${index}`, dueDate: '2027-01-01' } })).status).to.equal(201);
    }
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    try {
      await rebuildProjections(context.db.knex, projections.filter((projection) => projection.name === 'tasks'), { batchSize: 1 });
    } finally {
      clearInterval(timer);
    }
    expect(ticks, 'timers ran while the rebuild went on').to.be.greaterThan(0);
  });

  it('rebuilds one projection alone without touching the others', async () => {
    const before = await snapshot(context.db.knex);
    await context.db.knex('activity').delete();
    await rebuildProjections(context.db.knex, projections.filter((projection) => projection.name === 'activity'));
    expect(await snapshot(context.db.knex)).to.deep.equal(before);
  });

  it('builds a projection whose version was raised into a new table while the serving one answers and takes writes, then switches to it', async () => {
    const { knex } = context.db;
    const { token, user } = await app.signUp('Blue Green');
    const touches = async () => Number((await knex('read_model_touches').where({ user_id: user.id }).first())?.touched ?? 0);
    const touchedBefore = await touches();
    for (let index = 0; index < 12; index += 1) {
      const response = await app.request('/api/data/tasks', { method: 'POST', token, body: { bankId: 628, text: `Task ${index}`, dueDate: '2027-01-01' } });
      expect(response.status).to.equal(201);
    }
    const before = await snapshot(knex);
    const bumped = { ...tasksProjection, version: 2 };
    expect((await staleProjections(knex, [bumped])).map((projection) => projection.name)).to.deep.equal(['tasks']);

    const progress: RebuildProgress[] = [];
    let servedDuringBuild: number | undefined;
    let createdDuringBuild: string | undefined;
    await rebuildProjections(knex, [bumped], {
      batchSize: 5,
      onProgress: async (step) => {
        progress.push(step);
        if (step.phase !== 'building' || createdDuringBuild) return;
        // mid-build: the new table exists beside the serving one, which still answers and takes writes
        expect(await knex.schema.hasTable('tasks_v2')).to.equal(true);
        const list = await app.request('/api/data/tasks?range=[0,99]', { token });
        servedDuringBuild = list.body.length;
        const response = await app.request('/api/data/tasks', { method: 'POST', token, body: { bankId: 628, text: 'Written during the build', dueDate: '2027-01-01' } });
        createdDuringBuild = response.body.id;
      },
    });

    expect(servedDuringBuild).to.equal(12);
    expect(await knex.schema.hasTable('tasks_v2'), 'the build table took the serving name').to.equal(false);
    const after = await snapshot(knex);
    const written = after.tasks.filter((row) => (row as string).includes(createdDuringBuild!));
    expect(written, 'the task written during the build was caught up').to.have.length(1);
    // an unchanged definition gives the rows the serving table had, row for row
    expect({ ...after, tasks: after.tasks.filter((row) => !written.includes(row)), activity: after.activity.filter((row) => !(row as string).includes(createdDuringBuild!)) }).to.deep.equal(before);
    const phases = [...new Set(progress.map((step) => step.phase))];
    expect(phases).to.deep.equal((['counting', 'building', 'indexing', 'catching-up', 'switching', 'done'] as const).filter((phase) => phases.includes(phase)));
    expect(phases).to.include.members(['building', 'indexing', 'switching', 'done']);
    const last = progress[progress.length - 1];
    expect(last.done).to.be.at.least(last.total - 1).and.greaterThan(12);
    expect(progress.filter((step) => step.phase === 'building').map((step) => step.done)).to.satisfy((counts: number[]) => counts.every((count, index) => index === 0 || count > counts[index - 1]));
    expect(await staleProjections(knex, [bumped])).to.deep.equal([]);
    expect(await touches(), 'answers cached from the old rows are stale').to.be.greaterThan(touchedBefore);
    // the switched table keeps the serving table's indexes under their names
    const indexes = async () => (await knex.raw("select indexname from pg_indexes where tablename = 'tasks' order by indexname")).rows.map((row: { indexname: string }) => row.indexname);
    expect(await indexes()).to.include('tasks_pkey');
    await knex('projection_versions').where({ name: 'tasks' }).delete();
  });

  it('fails as a write of a later batch fails, dropping the table being built and leaving the serving one as it was', async () => {
    const { knex } = context.db;
    const { token } = await app.signUp('Refused');
    for (let index = 0; index < 30; index += 1) {
      expect((await app.request('/api/data/tasks', { method: 'POST', token, body: { bankId: 628, text: `Task ${index}`, dueDate: '2027-01-01' } })).status).to.equal(201);
    }
    const before = await snapshot(knex);
    let changes = 0;
    // the 25th task's row lacks its text, which the table requires: refused several batches in
    const refusing = {
      ...tasksProjection,
      version: 3,
      change: (event: Parameters<typeof tasksProjection.change>[0]) => {
        const change = tasksProjection.change(event);
        if (change?.kind === 'insert' && ++changes === 25) return { ...change, row: { ...change.row, text: null } };
        return change;
      },
    };
    let failure: unknown;
    await rebuildProjections(knex, [refusing], { batchSize: 5 }).catch((error: unknown) => (failure = error));
    expect((failure as { code?: string } | undefined)?.code, 'a not-null violation').to.equal('23502');
    expect(await knex.schema.hasTable('tasks_v3')).to.equal(false);
    expect(await snapshot(knex)).to.deep.equal(before);
  });

  it('shows versions and rebuild progress over HTTP, refuses a second rebuild while one runs and an unknown read model', async function () {
    this.timeout(60_000);
    const { token } = await app.signUp('Data Tools');
    const status = await app.request('/api/services/projections', { token });
    expect(status.status).to.equal(200);
    expect(status.body.projections.find((projection: { name: string }) => projection.name === 'tasks')).to.deep.equal({ name: 'tasks', title: 'Tasks', table: 'tasks', version: 1, builtVersion: 1, builtAt: null, stale: false });
    expect(status.body.eventStore).to.equal('postgres');
    expect((await app.request('/api/services/projections/rebuild', { method: 'POST', token, body: { projections: ['nope'] } })).status).to.equal(400);
    expect((await app.request('/api/services/projections', {})).status).to.equal(401);

    const started = await app.request('/api/services/projections/rebuild', { method: 'POST', token, body: { projections: ['tasks', 'activity'] } });
    expect(started.status).to.equal(202);
    const second = await app.request('/api/services/projections/rebuild', { method: 'POST', token, body: {} });
    if (second.status !== 409) expect((await app.request('/api/services/projections', { token })).body.rebuild.status, 'only a finished rebuild lets a second start').to.equal('complete');
    let rebuild: { status: string; done: number; total: number; ratePerSecond: number; projections: string[] };
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rebuild = (await app.request('/api/services/projections', { token })).body.rebuild;
    } while (rebuild.status === 'running');
    expect(rebuild.status).to.equal('complete');
    expect(rebuild.done).to.equal(rebuild.total).and.greaterThan(0);
    expect(rebuild.ratePerSecond).to.be.greaterThan(0);
    const rebuilt = (await app.request('/api/services/projections', { token })).body.projections.find((projection: { name: string }) => projection.name === 'tasks');
    expect(Date.parse(rebuilt.builtAt), 'a rebuilt table says when it was built').to.be.within(Date.parse(started.body.rebuild.startedAt), Date.now());
  });

  it('says how much of the user\'s activity the search index has yet to take in, and finds it once a rebuilt feed is indexed again', async function () {
    this.timeout(60_000);
    const { token } = await app.signUp('Searcher');
    const created = await app.request('/api/data/tasks', { method: 'POST', token, body: { bankId: 628, text: 'Call the treasurer about Zanzibar', dueDate: '2027-01-01' } });
    expect(created.status, created.text).to.equal(201);
    const eventsToIndex = async () => (await app.request('/api/services/projections', { token })).body.activitySearch.eventsToIndex as number;
    const searched = async () => (await app.request(`/api/data/activity?${new URLSearchParams({ filter: JSON.stringify({ q: 'zanzibar' }) })}`, { token })).body.map((row: { summary: string }) => row.summary);
    // Found before the job has indexed it, and after.
    expect(await searched()).to.deep.equal(['Created task "Call the treasurer about Zanzibar" due Jan 1, 2027']);
    const started = await app.request('/api/services/projections/rebuild', { method: 'POST', token, body: { projections: ['activity'] } });
    expect(started.status).to.equal(202);
    while ((await app.request('/api/services/projections', { token })).body.rebuild.status === 'running') await new Promise((resolve) => setTimeout(resolve, 100));
    // The rebuilt feed is a new table: the index starts over in the background.
    const waited = Date.now();
    while ((await eventsToIndex()) > 0) {
      expect(Date.now() - waited, 'the search index should catch up within 20 s').to.be.lessThan(20_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await context.db.knex('activity_search').where('folded_summary', 'like', '%zanzibar%').count({ n: '*' }).first().then((row) => Number(row!.n))).to.equal(1);
    expect(await searched()).to.deep.equal(['Created task "Call the treasurer about Zanzibar" due Jan 1, 2027']);
  });

  it('lets a new rebuild start at once when the process running the last one died, and refuses it while that process lives', async () => {
    const tasks = projections.filter((projection) => projection.name === 'tasks');
    const refusal = async () => ((await claimRebuild(context.db, tasks).catch((error: unknown) => error)) as Error);
    let afterThisTest = async () => undefined;
    if (context.engine === 'postgres') {
      // Another process on the same database: a pool of its own, whose sessions end when it dies.
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${(await context.db.knex.raw('select current_database() as name')).rows[0].name}`;
      const other = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 2 });
      const claim = await claimRebuild(other, tasks);
      expect(await refusal()).to.be.instanceOf(RebuildRunning).with.property('message', 'A rebuild of tasks is running (0 of 0 events).');
      expect(await latestRebuild(context.db)).to.include({ status: 'running' });
      // Dies without recording an end (killed, or its machine gone): its session ends, and its lock goes with it.
      const holder = (await context.db.knex.raw(`select pid from pg_locks where locktype = 'advisory' and objid = ? and database = (select oid from pg_database where datname = current_database())`, [advisoryLockKeys.readModelRebuild])).rows[0].pid;
      await context.db.knex.raw('select pg_terminate_backend(?)', [holder]);
      // What is left of it here: its pool, whose lock connection is gone.
      afterThisTest = async () => {
        await claim.lock.release();
        await other.close();
      };
    } else {
      // PGlite serves one process: a rebuild it runs refuses another, and one recorded by a process since gone is dead.
      const alive = await claimRebuild(context.db, tasks);
      expect(await refusal()).to.be.instanceOf(RebuildRunning).with.property('message', 'A rebuild of tasks is running (0 of 0 events).');
      await alive.lock.release();
    }
    const died = Date.now();
    while ((await latestRebuild(context.db))?.status === 'running') {
      expect(Date.now() - died, 'the server lets a dead session go within seconds').to.be.lessThan(5000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await latestRebuild(context.db)).to.include({ status: 'failed', error: 'The process running the rebuild stopped.' });

    const takeover = await claimRebuild(context.db, tasks);
    await runRebuild(context.db.knex, takeover, tasks);
    expect(await latestRebuild(context.db)).to.include({ id: takeover.id, status: 'complete' });
    const runs = await context.db.knex('projection_rebuilds').where('id', '<=', takeover.id).orderBy('id', 'desc').limit(2).select('status', 'error');
    expect(runs).to.deep.equal([
      { status: 'complete', error: null },
      { status: 'failed', error: 'The process running the rebuild stopped.' },
    ]);
    await afterThisTest();
  });

  it('stops a rebuild whose lock went with its database session, touching no table, and lets the next one run', async function () {
    // PGlite serves one process on one connection: there is no lock connection to lose.
    if (context.engine !== 'postgres') this.skip();
    const { knex } = context.db;
    const { token } = await app.signUp('Lockless');
    for (const text of ['Call the CFO', 'Send the deck', 'Book the visit']) {
      expect((await app.request('/api/data/tasks', { method: 'POST', token, body: { text, dueDate: '2026-12-10', bankId: 4500 } })).status).to.equal(201);
    }
    const tasks = projections.filter((projection) => projection.name === 'tasks');
    const serving = await snapshot(knex);
    const claim = await claimRebuild(context.db, tasks);
    // An administrator (or a restarting proxy) ends the lock's session while this process runs on.
    const holder = (await knex.raw(`select pid from pg_locks where locktype = 'advisory' and objid = ? and database = (select oid from pg_database where datname = current_database())`, [advisoryLockKeys.readModelRebuild])).rows[0].pid;
    await knex.raw('select pg_terminate_backend(?)', [holder]);
    const ended = Date.now();
    while (claim.lock.isHeld()) {
      expect(Date.now() - ended, 'the connection tells its end within seconds').to.be.lessThan(5000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Meanwhile another rebuild may have started and built its tables: this one must leave them be.
    const othersBuild = buildTableOf(tasksProjection);
    await knex.raw('create table ?? (like tasks)', [othersBuild]);

    const failure = (await runRebuild(knex, claim, tasks).catch((error: unknown) => error)) as Error;
    expect(failure).to.be.instanceOf(RebuildLockLost);
    expect(await latestRebuild(context.db)).to.include({ id: claim.id, status: 'failed', error: failure.message });
    expect(failure.message).to.equal('The rebuild lost its lock on the database (its connection ended), so it stopped without switching any table: start it again.');
    expect(await snapshot(knex)).to.deep.equal(serving);
    expect(await knex.schema.hasTable(othersBuild), "the other rebuild's table").to.equal(true);
    await claim.lock.release();

    const next = await claimRebuild(context.db, tasks);
    await runRebuild(knex, next, tasks);
    expect(await latestRebuild(context.db)).to.include({ id: next.id, status: 'complete' });
    expect(await snapshot(knex)).to.deep.equal(serving);
  });

  it('refuses a rebuild while one an older build runs (it holds no lock) still reports, and takes over once it has not for a minute', async () => {
    const tasks = projections.filter((projection) => projection.name === 'tasks');
    const [{ id }] = await context.db.knex('projection_rebuilds').insert({ projections: JSON.stringify(['activity']), status: 'running', phase: 'building', done: 10, total: 40 }).returning('id');
    const refused = await claimRebuild(context.db, tasks).catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(RebuildRunning).with.property('message', 'A rebuild of activity is running (10 of 40 events).');
    await context.db.knex('projection_rebuilds').where({ id }).update({ updated_at: context.db.knex.raw(`now() - interval '61 seconds'`) });
    await runRebuild(context.db.knex, await claimRebuild(context.db, tasks), tasks);
    expect(await context.db.knex('projection_rebuilds').where({ id }).first()).to.include({ status: 'failed', error: 'The process running the rebuild stopped.' });
  });

  it('resets read tables, checkpoints and parked events so async projectors replay from the start', async () => {
    const tasks = projections.filter((projection) => projection.name === 'tasks');
    await saveCheckpoint(context.db.knex, 'tasks', { commit: '10', prepare: '10' });
    expect(await context.db.knex('tasks').count({ n: '*' }).first()).to.have.property('n').that.is.greaterThan(0);
    await resetForAsyncReplay(context.db.knex, tasks);
    expect((await context.db.knex('tasks').count({ n: '*' }).first())?.n).to.equal(0);
    expect(await context.db.knex('projection_checkpoints').where({ name: 'tasks' }).first()).to.equal(undefined);
    expect((await context.db.knex('activity').count({ n: '*' }).first())?.n).to.be.greaterThan(0);
  });
});

describeWithDatabase('projection rebuild with EventStoreDB', (context) => {
  const double = new EventStoreDbDouble();
  let app: TestApp;
  before(async () => {
    app = await startTestApp(context.db, { config: { eventStoreUrl: (await double.start()).url } });
  });
  after(async () => {
    await app.stop();
    await double.stop();
  });

  it('says the events are in EventStoreDB, and refuses a rebuild with 409 saying how to replay them instead', async () => {
    const { token } = await app.signUp('Data Tools');
    const status = await app.request('/api/services/projections', { token });
    expect(status.body).to.include({ eventStore: 'eventstoredb', activitySearch: null });
    const refused = await app.request('/api/services/projections/rebuild', { method: 'POST', token, body: {} });
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal('Read models follow EventStoreDB through the async projectors: to replay them from the first event, stop the server, run npm run projections:rebuild, and start it again.');
  });
});
