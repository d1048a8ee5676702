import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { projectRoot } from '../project-root.ts';
import { advisoryLockKeys, takeAdvisoryLock } from './advisory-lock.ts';
import { engineOf } from './database.ts';
import { StartupProblem } from '../startup/startup-problem.ts';

const migrationsDir = path.join(projectRoot, 'migrations');

type Migration = { up(knex: Knex): Promise<void>; down?(knex: Knex): Promise<void> };

/** Reads `migrations/*.ts` in name order; runs inside the server process (never the knex CLI, see DESIGN). */
const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return fs
      .readdirSync(migrationsDir)
      .filter((name) => /^\d+_.+\.ts$/.test(name))
      .sort();
  },
  getMigrationName(name) {
    return name;
  },
  async getMigration(name): Promise<Knex.Migration> {
    // A relative template the server bundle's builder resolves: it bundles every migration, and the
    // bundle then runs them without loading TypeScript.
    const module = (await import(`../../../migrations/${name}`)) as Migration;
    return { up: module.up, down: module.down ?? (async () => undefined) };
  },
};

/**
 * A start refused because a newer build has migrated the database: this build would misread what it
 * wrote. Its process ends with the sentence alone, as for a setting to change.
 */
export class DatabaseNewerThanBuild extends StartupProblem {
  constructor(readonly unknownMigrations: string[]) {
    super(
      `This database was upgraded by a newer version of Charterline (it has been through ${unknownMigrations.length === 1 ? 'migration' : 'migrations'} ${unknownMigrations.join(', ')}, which this version does not have). ` +
        'Start that newer version, or a later one, on it; this version stopped without changing anything.',
    );
  }
}

/** The migrations the database records as run that this build does not know, oldest first. */
async function migrationsUnknownHere(knex: Knex): Promise<string[]> {
  if (!(await knex.schema.hasTable('knex_migrations'))) return [];
  const known = new Set(await migrationSource.getMigrations([]));
  const run: Array<{ name: string }> = await knex('knex_migrations').select('name').orderBy('name');
  return run.map(({ name }) => name).filter((name) => !known.has(name));
}

/**
 * Brings the schema to this build's latest. On PostgreSQL, processes starting together (servers,
 * workers, tools) migrate one after another under an advisory lock: knex's own lock refuses the
 * second rather than making it wait, and creating knex's tables in a fresh database fails in all
 * but one.
 */
export async function migrateToLatest(knex: Knex): Promise<void> {
  const lock = engineOf(knex) === 'postgres' ? await takeAdvisoryLock(knex, advisoryLockKeys.migrations, { wait: true }) : undefined;
  try {
    const unknown = await migrationsUnknownHere(knex);
    if (unknown.length) throw new DatabaseNewerThanBuild(unknown);
    await knex.migrate.latest({ migrationSource });
  } finally {
    await lock?.release();
  }
}
