import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import knexFactory from 'knex';
import pg from 'pg';
import { openDatabase, type Database, type Engine } from '../../backend/src/db/database.ts';
import { migrateToLatest } from '../../backend/src/db/migrate.ts';

/** The engines every database suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let pgliteTemplate: Promise<Blob> | undefined;
/**
 * The migrated PostgreSQL database every test database is copied from. The run's global setup makes
 * one for all of mocha's worker processes and names it in this variable (workers inherit the environment).
 */
const sharedTemplateVariable = 'CHARTERLINE_TEST_TEMPLATE_DATABASE';
const createdDatabases: string[] = [];

function adminUrl(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(work: (admin: ReturnType<typeof knexFactory>) => Promise<T>): Promise<T> {
  const admin = knexFactory({ client: 'pg', connection: process.env.TEST_DATABASE_URL!, pool: { min: 0, max: 1 } });
  try {
    return await work(admin);
  } finally {
    await admin.destroy();
  }
}

async function createMigratedDatabase(name: string): Promise<void> {
  await withAdmin(async (admin) => {
    await admin.raw('drop database if exists ??', [name]);
    await admin.raw('create database ??', [name]);
  });
  const template = await openDatabase({ engine: 'postgres', url: adminUrl(name), poolSize: 2 });
  try {
    await template.knex.raw('create extension if not exists pg_trgm').catch(() => undefined);
    await migrateToLatest(template.knex);
  } finally {
    await template.close();
  }
}

function postgresTemplate(): string {
  const template = process.env[sharedTemplateVariable];
  if (!template) throw new Error("PostgreSQL test databases are copied from the template mocha's global setup makes: run mocha with --require test/support/global-hooks.ts, as the project's configurations do.");
  return template;
}

/** Global setup: one migrated PostgreSQL template for every process of the run (when TEST_DATABASE_URL is set). */
export async function createSharedPostgresTemplate(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) return;
  const name = `charterline_tpl_${process.pid}`;
  await createMigratedDatabase(name);
  process.env[sharedTemplateVariable] = name;
}

/** Global teardown: drops the template the global setup made. */
export async function dropSharedPostgresTemplate(): Promise<void> {
  const name = process.env[sharedTemplateVariable];
  if (!name) return;
  delete process.env[sharedTemplateVariable];
  await withAdmin((admin) => admin.raw('drop database if exists ?? with (force)', [name]));
}

/**
 * PostgreSQL suites take turns across mocha's worker processes, while PGlite suites run alongside. A
 * catch-up reader holds back the events of transactions younger than the oldest one still running
 * on the whole server (pg_snapshot_xmin is the server's, not the database's), so another worker's
 * open transaction would delay what a suite expects to read at once. The turn is an advisory lock on
 * the run's database, held by one connection per process while any of its test databases is open.
 */
let turnHolders = 0;
let turnConnection: Promise<pg.Client> | undefined;

async function takePostgresTurn(): Promise<() => Promise<void>> {
  turnHolders += 1;
  turnConnection ??= (async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query("select pg_advisory_lock(hashtext('charterline tests: postgres turn'))");
    return client;
  })();
  try {
    await turnConnection;
  } catch (error) {
    turnHolders -= 1;
    turnConnection = undefined;
    throw error;
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    turnHolders -= 1;
    if (turnHolders > 0) return;
    const held = turnConnection;
    turnConnection = undefined;
    // Ending the session lets the lock go.
    await (await held)?.end();
  };
}

/** Runs `work` with the turn taken, giving it back if `work` fails. */
async function inPostgresTurn<T>(work: (release: () => Promise<void>) => Promise<T>): Promise<T> {
  const release = await takePostgresTurn();
  try {
    return await work(release);
  } catch (error) {
    await release();
    throw error;
  }
}

/** A migrated database of its own: PGlite cloned from a migrated dump, or a PostgreSQL database created from a template. */
export async function freshDatabase(engine: Engine): Promise<Database> {
  if (engine === 'pglite') {
    pgliteTemplate ??= (async () => {
      const pglite = await PGlite.create({ extensions: { pg_trgm } });
      const template = await openDatabase({ engine: 'pglite', pglite });
      await migrateToLatest(template.knex);
      await template.close();
      const dump = await pglite.dumpDataDir('none');
      await pglite.close();
      return dump;
    })();
    const dump = await pgliteTemplate;
    const pglite = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } });
    const db = await openDatabase({ engine: 'pglite', pglite });
    return { ...db, close: async () => { await db.close(); await pglite.close(); } };
  }
  return inPostgresTurn(async (release) => {
    const template = postgresTemplate();
    const name = `charterline_t_${randomBytes(6).toString('hex')}`;
    await withAdmin((admin) => admin.raw('create database ?? template ??', [name, template]));
    createdDatabases.push(name);
    const db = await openDatabase({ engine: 'postgres', url: adminUrl(name), poolSize: 20 });
    return {
      ...db,
      close: async () => {
        await db.close();
        await withAdmin((admin) => admin.raw('drop database if exists ?? with (force)', [name]));
        await release();
      },
    };
  });
}

/** An empty PostgreSQL database of its own (no schema), as a first start meets it; needs TEST_DATABASE_URL. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return inPostgresTurn(async (release) => {
    const name = `charterline_t_${randomBytes(6).toString('hex')}`;
    await withAdmin((admin) => admin.raw('create database ??', [name]));
    createdDatabases.push(name);
    return {
      url: adminUrl(name),
      drop: async () => {
        await withAdmin((admin) => admin.raw('drop database if exists ?? with (force)', [name]));
        await release();
      },
    };
  });
}

/** Drops the databases this process created and a test left, after each file in parallel mode and once at the end otherwise. */
export async function dropTestDatabases(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL || createdDatabases.length === 0) return;
  const names = createdDatabases.splice(0);
  await withAdmin(async (admin) => {
    for (const name of names) await admin.raw('drop database if exists ?? with (force)', [name]);
  });
}

/**
 * Registers the suite once per engine, each with a fresh migrated database, e.g.
 * `describeWithDatabase('tasks API', (context) => { it('...', async () => context.db.knex ...) })`.
 */
export function describeWithDatabase(title: string, body: (context: { db: Database; engine: Engine }) => void): void {
  for (const engine of engines) {
    describe(`${title} [${engine}]`, function () {
      const context = { engine } as { db: Database; engine: Engine };
      before(async function () {
        // the first suite of a run also builds the migrated template, slow on a busy machine
        this.timeout(240_000);
        context.db = await freshDatabase(engine);
      });
      body(context);
      // Registered after the suite's own hooks, so it runs after them: the suite stops its apps (and
      // the connections they hold) before its database closes, or closing would wait on them for ever.
      after(async () => {
        await context.db?.close();
      });
    });
  }
}
