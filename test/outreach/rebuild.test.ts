import { expect } from 'chai';
import type { Knex } from 'knex';
import { projections } from '../../projections/index.ts';
import { rebuildProjections, resetForAsyncReplay, saveCheckpoint } from '../../projections/runner.ts';
import { describeWithDatabase } from '../support/database.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { pick, resourceCases, seededRandom } from './resources.ts';

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
  });
  after(async () => app.stop());

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

  it('rebuilds one projection alone without touching the others', async () => {
    const before = await snapshot(context.db.knex);
    await context.db.knex('activity').delete();
    await rebuildProjections(context.db.knex, projections.filter((projection) => projection.name === 'activity'));
    expect(await snapshot(context.db.knex)).to.deep.equal(before);
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
