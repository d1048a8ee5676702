import cluster from 'node:cluster';
import v8 from 'node:v8';
import { configurationWarnings, type AppConfig } from './config.ts';
import { openConfiguredDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { collectWhenIdle } from './http/idle-collection.ts';
import { logger, setLogLevel } from './logging/logger.ts';
import { startServer } from './server.ts';
import { exitOnStartupFailure, loadConfigOrExit, startupProblemExitCode } from './startup/startup-failure.ts';

const config = loadConfigOrExit();
setLogLevel(config.logLevel);
if (cluster.isPrimary) for (const warning of configurationWarnings()) logger.warn(warning);
// The embedded database is PostgreSQL compiled to 9 MB of WebAssembly. V8 compiles it first with its
// baseline compiler on background threads, whose freed working memory stays in glibc's per-thread
// arenas: about 55 MB resident for the life of the process. Compiled optimised at once, it leaves
// 14 MB, for about a second more at start.
if (!config.databaseUrl) v8.setFlagsFromString('--no-liftoff');

/** Stops on SIGINT/SIGTERM with `stop`, once, and exits 0 (1 when stopping fails). */
function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info('shutting down', { signal });
      stop().then(
        () => process.exit(0),
        (error) => {
          logger.error('shutdown failed', { error: String(error) });
          process.exit(1);
        },
      );
    });
  }
}

async function serve(): Promise<void> {
  const running = await startServer(config);
  const idleCollection = collectWhenIdle(running.server);
  if (cluster.isPrimary) console.log(`\n  Charterline is running at http://localhost:${config.port}\n`);
  onShutdown(() => {
    idleCollection.stop();
    return running.stop();
  });
}

/** A worker that dies is started again after this long (a crash loop does not spin). */
const restartDelayMs = 1_000;

/**
 * WEB_CONCURRENCY server processes sharing the port (node:cluster), so one machine's cores all
 * serve: the schema is migrated once here before any starts, and only the first runs the
 * once-per-deployment start-up work. Each keeps its own caches; they learn of each other's writes
 * through the database (regulator data version, read models), as replicas do.
 */
async function supervise(settings: AppConfig): Promise<void> {
  const db = await openConfiguredDatabase(settings);
  await migrateToLatest(db.knex);
  await db.close();
  let stopping = false;
  const start = (index: number) => cluster.fork({ CHARTERLINE_WORKER_INDEX: String(index) }).on('exit', (code, signal) => {
    // Exit code 0 or a stop signal is a shutdown (a terminal's Ctrl-C reaches every process), not a crash.
    if (stopping || code === 0 || signal === 'SIGINT' || signal === 'SIGTERM') return;
    // A setting to change (a port in use, say), which the process has logged: starting it again would fail the same way.
    if (code === startupProblemExitCode) {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      process.exitCode = code;
      return;
    }
    logger.error('a server process exited; starting it again', { index, code, signal });
    setTimeout(() => start(index), restartDelayMs).unref();
  });
  // Said once a process listens: a port in use stops them all before any does.
  cluster.once('listening', () => console.log(`\n  Charterline is running at http://localhost:${settings.port} (${settings.webConcurrency} server processes)\n`));
  for (let index = 0; index < settings.webConcurrency; index += 1) start(index);
  onShutdown(async () => {
    stopping = true;
    // A worker that already exited (a terminal's Ctrl-C reaches every process) is not waited for.
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is NonNullable<typeof worker> => worker !== undefined && !worker.isDead());
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  });
}

try {
  if (cluster.isPrimary && config.webConcurrency > 1) {
    if (config.databaseUrl) await supervise(config);
    else {
      logger.warn('WEB_CONCURRENCY needs DATABASE_URL: the embedded database serves one process, so one process serves', { webConcurrency: config.webConcurrency });
      await serve();
    }
  } else {
    await serve();
  }
} catch (error) {
  exitOnStartupFailure(error, config);
}
