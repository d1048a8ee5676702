import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfig, type AppConfig } from '../../../backend/src/config.ts';
import type { Database } from '../../../backend/src/db/database.ts';
import { startServer, type RunningServer } from '../../../backend/src/server.ts';
import { markRegulatorDataChanged } from '../../../backend/src/regulator/store.ts';
import type { Feature } from '../../../backend/src/services.ts';
import { freshDatabase } from '../../support/database.ts';

export type E2EServer = { url: string; running: RunningServer; db: Database; stop(): Promise<void> };

const distIndex = fileURLToPath(new URL('../../../frontend/dist/index.html', import.meta.url));
const demoModule = new URL('../../../backend/src/regulator/demo/load.ts', import.meta.url).href;

type DemoLoader = (knex: Database['knex'], options: { banks: number }) => Promise<unknown>;

/** The demo-data generator of the regulator feature (deterministic fictional banks). */
async function demoLoader(): Promise<DemoLoader> {
  const module = (await import(demoModule).catch((error: unknown) => {
    throw new Error(`Browser tests need the demo data generator (backend/src/regulator/demo/load.ts): ${(error as Error).message}`);
  })) as { loadDemoData?: DemoLoader };
  if (!module.loadDemoData) throw new Error('backend/src/regulator/demo/load.ts does not export loadDemoData(knex, { banks }).');
  return module.loadDemoData;
}

/**
 * The real server on a free port over a fresh in-memory PGlite (a copy of one migrated once per test
 * process: starting PGlite empty takes seconds), with a few hundred demo banks loaded, serving the
 * built frontend. Outside services point at a closed port so nothing leaves the machine.
 */
export async function startE2EServer(options: { banks?: number; config?: Partial<AppConfig>; features?: Feature[] } = {}): Promise<E2EServer> {
  if (!fs.existsSync(distIndex)) throw new Error('The frontend is not built: run `npm run build` before `npm run test:e2e`.');
  const db = await freshDatabase('pglite');
  const config: AppConfig = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    jwtSecret: 'e2e-secret-that-is-long-enough',
    demoData: 'never',
    // Suites sign up many users from one address.
    signUpsPerHour: 100_000,
    fdicApiUrl: 'http://127.0.0.1:9/banks',
    censusApiUrl: 'http://127.0.0.1:9/data',
    hunterApiUrl: 'http://127.0.0.1:9/v2',
    secretsKey: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    geminiApiKey: undefined,
    ...options.config,
  };
  const running = await startServer(config, { db, features: options.features });
  const loadDemoData = await demoLoader();
  await loadDemoData(db.knex, { banks: options.banks ?? 300 });
  // The loader, imported dynamically, has a module graph of its own (the test files load as CommonJS),
  // so its note of the change reaches the server only through the shared counter, which a server
  // re-reads at most every 2 s. The server's own counter tells its caches at once, as a load in its
  // own process does: what it loaded at start (an empty mirror) is not served after the load.
  markRegulatorDataChanged();
  return {
    url: running.url,
    running,
    db,
    async stop() {
      await running.stop();
      await db.close();
    },
  };
}
