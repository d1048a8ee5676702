import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { logger } from '../logging/logger.ts';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';
import { StartupProblem } from '../startup/startup-problem.ts';

// Both engines go through node-postgres, so rows have the same JS types everywhere:
// int8 and numeric become numbers (our counts and money fit in a double).
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));
// `date` stays a YYYY-MM-DD string: a calendar date has no time zone to shift it.
pg.types.setTypeParser(1082, (value) => value);

export type Engine = 'pglite' | 'postgres';

export type Database = {
  knex: Knex;
  engine: Engine;
  close(): Promise<void>;
};

/** The engine each database opened here runs on, by its knex instance. */
const engines = new WeakMap<Knex, Engine>();

/** The engine a knex instance opened by openDatabase runs on (undefined for any other). */
export const engineOf = (knex: Knex): Engine | undefined => engines.get(knex);

export type DatabaseOptions =
  | { engine: 'postgres'; url: string; poolSize?: number }
  | { engine: 'pglite'; dataDir?: string; pglite?: PGlite; sharedBuffers?: string };

/**
 * Knex's own warnings (a connection lost, one that could not be made) as one log line each, instead
 * of its multi-line stack traces on stdout. A connection that could not be made is debug: the query
 * that needed it fails and is logged (or answered 503) by whoever made it.
 */
const knexLog: Knex.Config['log'] = {
  warn: (message: unknown) => {
    const text = String(message);
    const firstLine = text.split('\n')[0];
    if (text.startsWith('Acquire connection error')) logger.debug('database connection could not be made', { error: firstLine });
    else logger.warn('database connection problem', { error: firstLine });
  },
  error: (message: unknown) => logger.error('database client error', { error: String(message).split('\n')[0] }),
  deprecate: (message: unknown) => logger.debug(String(message)),
};

/** Opens PostgreSQL through `pg`, or embedded PGlite (in a data folder, or in memory when none is given). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.engine === 'postgres') {
    const knex = knexFactory({
      client: 'pg',
      // No JIT compilation: the planner's cost estimate starts it for a list of a few hundred rows
      // with a lookup per row, where compiling takes 15 ms of a query that runs in 2.
      connection: { connectionString: options.url, options: '-c jit=off' },
      pool: { min: 0, max: options.poolSize ?? 10 },
      log: knexLog,
    });
    engines.set(knex, 'postgres');
    return { knex, engine: 'postgres', close: () => knex.destroy() };
  }

  let lock: DataDirLock | undefined;
  let pglite = options.pglite;
  if (!pglite) {
    if (options.dataDir) {
      fs.mkdirSync(options.dataDir, { recursive: true });
      lock = acquireDataDirLock(options.dataDir);
    }
    const folder = options.dataDir ? path.join(options.dataDir, 'pglite') : undefined;
    const existed = folder !== undefined && fs.existsSync(path.join(folder, 'PG_VERSION'));
    try {
      pglite = await PGlite.create({
        dataDir: folder,
        extensions: { pg_trgm },
        // The buffer cache is most of the embedded server's memory (PostgreSQL's 128MB by default).
        startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers ?? '32MB'}`],
      });
    } catch (error) {
      lock?.release();
      // A database that was there and no longer opens is mostly a restored copy taken while the server
      // ran, or one missing files: the engine only says "Aborted()", which tells the operator nothing.
      if (!existed) throw error;
      throw new StartupProblem(
        `The embedded database in ${folder} cannot be opened: its files are damaged or incomplete (a copy taken while the server ran, or one missing files). ` +
          'Put back a copy of DATA_DIR taken with the server stopped, or set DATA_DIR to an empty folder to start afresh.',
        { cause: error },
      );
    }
  }
  const owned = !options.pglite;
  const instance = pglite;
  // PGlite has exactly one connection: a pool of one serialises transactions instead of interleaving them.
  const knex = knexFactory({
    client: 'pg',
    connection: createPgConfig(instance) as unknown as Knex.StaticConnectionConfig,
    pool: { min: 1, max: 1 },
  });
  engines.set(knex, 'pglite');
  return {
    knex,
    engine: 'pglite',
    async close() {
      await knex.destroy();
      if (owned) await instance.close();
      lock?.release();
    },
  };
}

/** The database the configuration names: PostgreSQL with DATABASE_URL, else PGlite in the data folder. */
export function openConfiguredDatabase(config: { databaseUrl?: string; dataDir: string; pgliteSharedBuffers?: string }): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ engine: 'postgres', url: config.databaseUrl })
    : openDatabase({ engine: 'pglite', dataDir: config.dataDir, sharedBuffers: config.pgliteSharedBuffers });
}
