import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { projectRoot } from '../project-root.ts';

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

export async function migrateToLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource });
}
