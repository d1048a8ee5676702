import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';

const migrationsDir = fileURLToPath(new URL('../../../migrations/', import.meta.url));

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
    const module = (await import(pathToFileURL(path.join(migrationsDir, name)).href)) as Migration;
    return { up: module.up, down: module.down ?? (async () => undefined) };
  },
};

export async function migrateToLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource });
}
