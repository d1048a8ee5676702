import { expect } from 'chai';
import { describeWithDatabase, emptyPostgresDatabase } from '../../../test/support/database.ts';
import { openDatabase } from './database.ts';
import { DatabaseNewerThanBuild, migrateToLatest } from './migrate.ts';

describeWithDatabase('migrating the database at start', (context) => {
  const knex = () => context.db.knex;
  afterEach(() => knex()('knex_migrations').where('name', 'like', '99%').delete());

  it('runs again over a database it migrated, changing nothing', async () => {
    const before = await knex()('knex_migrations').count({ count: '*' }).first();
    await migrateToLatest(knex());
    expect(await knex()('knex_migrations').count({ count: '*' }).first()).to.deep.equal(before);
  });

  it('refuses a database a newer build migrated with a sentence naming its migrations, and changes nothing', async () => {
    const run = await knex()('knex_migrations').max({ batch: 'batch' }).first();
    await knex()('knex_migrations').insert([
      { name: '9910_from_a_newer_build.ts', batch: Number(run!.batch) + 1, migration_time: new Date() },
      { name: '9920_also_newer.ts', batch: Number(run!.batch) + 1, migration_time: new Date() },
    ]);
    const before = await knex()('knex_migrations').orderBy('id').select('name', 'batch');

    const refusal = await migrateToLatest(knex()).then(
      () => null,
      (error: unknown) => error,
    );

    expect(refusal).to.be.instanceOf(DatabaseNewerThanBuild);
    expect((refusal as Error).message).to.equal(
      'This database was upgraded by a newer version of Charterline (it has been through migrations 9910_from_a_newer_build.ts, 9920_also_newer.ts, which this version does not have). Start that newer version, or a later one, on it; this version stopped without changing anything.',
    );
    expect(await knex()('knex_migrations').orderBy('id').select('name', 'batch')).to.deep.equal(before);
  });
});

describe('migrating a fresh PostgreSQL database from processes starting together', function () {
  this.timeout(120_000);
  before(function () {
    if (!process.env.TEST_DATABASE_URL) this.skip();
  });

  it('migrates it once, the later ones waiting for it instead of failing', async () => {
    const fresh = await emptyPostgresDatabase();
    // Two servers (or a server and a worker) started at once: each has its own connections.
    const starting = [await openDatabase({ engine: 'postgres', url: fresh.url }), await openDatabase({ engine: 'postgres', url: fresh.url })];
    try {
      const outcomes = await Promise.allSettled(starting.map((db) => migrateToLatest(db.knex)));
      expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : outcome.status))).to.deep.equal(['fulfilled', 'fulfilled']);
      expect(await starting[0].knex('knex_migrations').distinct('batch')).to.have.length(1);
    } finally {
      for (const db of starting) await db.close();
      await fresh.drop();
    }
  });
});
