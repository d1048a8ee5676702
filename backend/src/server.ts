import type { Server } from 'node:http';
import type { AppConfig } from './config.ts';
import { createApp, routeTable, type RouteEntry } from './app.ts';
import { resolveJwtSecret } from './auth/tokens.ts';
import { openConfiguredDatabase, type Database } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createEventStore } from './compose.ts';
import { features as defaultFeatures } from './features.ts';
import { answerUnreadableRequests } from './http/unreadable-requests.ts';
import { logger } from './logging/logger.ts';
import { loadSecretBox } from './settings/secret-box.ts';
import { claimStartupWork } from './startup/startup-work.ts';
import type { AppServices, Feature } from './services.ts';

export type RunningServer = { services: AppServices; server: Server; url: string; routes: RouteEntry[]; stop(): Promise<void> };

/** Opens the configured database, migrates it, wires the event store and serves the app. */
export async function startServer(config: AppConfig, options: { db?: Database; features?: Feature[] } = {}): Promise<RunningServer> {
  const db =
    options.db ??
    (await openConfiguredDatabase(config));
  await migrateToLatest(db.knex);
  const eventStore = await createEventStore(db.knex, config.eventStoreUrl);
  const jwtSecret = await resolveJwtSecret(db.knex, config.jwtSecret);
  const secrets = loadSecretBox({ configuredKey: config.secretsKey, dataDir: config.dataDir });
  // Claimed last before listening, which lets it go again when it fails.
  const startupWork = await claimStartupWork(db, config.runsStartupJobs);
  const services: AppServices = { config: { ...config, runsStartupJobs: startupWork.runsStartupJobs }, db, knex: db.knex, eventStore, jwtSecret, secrets };
  const features = options.features ?? defaultFeatures;
  const app = createApp(services, features);
  const server = await new Promise<Server>((resolve, reject) => {
    // A port in use (or refused) rejects the start, to be said in one sentence, instead of crashing the process.
    const listening = app.listen(config.port, config.host, () => resolve(listening)).once('error', reject);
  }).catch(async (error: unknown) => {
    await startupWork.release();
    throw error;
  });
  answerUnreadableRequests(server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://127.0.0.1:${port}`;
  for (const feature of features) await feature.start?.(services);
  logger.info('Charterline is listening', { url, database: db.engine, ...(db.engine === 'pglite' && !options.db && { dataDir: config.dataDir }), eventStore: eventStore.kind, pid: process.pid });

  return {
    services,
    server,
    url,
    routes: routeTable(app),
    async stop() {
      for (const feature of [...features].reverse()) await feature.stop?.(services);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // A connection still busy after a moment (a client that never finishes) must not hold the shutdown.
        setTimeout(() => server.closeAllConnections(), 2_000).unref();
      });
      await startupWork.release();
      await eventStore.close();
      if (!options.db) await db.close();
    },
  };
}
