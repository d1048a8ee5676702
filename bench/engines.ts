import { openDatabase, type Database, type Engine } from '../backend/src/db/database.ts';
import { migrateToLatest } from '../backend/src/db/migrate.ts';
import knexFactory, { type Knex } from 'knex';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/support/free-port.ts';
import { serverBundle } from '../test/support/server-bundle.ts';
import { signUpBenchUser } from './http-load.ts';

/** The PostgreSQL server benchmarks may use: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else none. */
export const benchPostgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** PGlite always, PostgreSQL when a server is given; BENCH_ENGINES (e.g. `postgres`) narrows the list. */
export const benchEngines: Engine[] = (benchPostgresUrl ? (['pglite', 'postgres'] as Engine[]) : (['pglite'] as Engine[])).filter(
  (engine) => !process.env.BENCH_ENGINES || process.env.BENCH_ENGINES.split(',').includes(engine),
);

/** BENCH_PROFILE_DIR: each server process a benchmark starts writes a CPU profile there when it stops (open it in Chrome's DevTools). */
const profileArguments = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE_DIR)}`] : [];

/**
 * A new database on the benchmark's PostgreSQL server, named `prefix` and a random suffix, and a
 * connection to the server that can drop it. First drops the databases of the same prefix that
 * earlier runs left behind (a killed run never drops its own): those nothing connected to within
 * the hour, so a benchmark running beside this one keeps its database.
 */
export async function createBenchDatabase(prefix: string): Promise<{ name: string; url: string; admin: Knex }> {
  const admin = knexFactory({ client: 'pg', connection: benchPostgresUrl!, pool: { min: 0, max: 1 } });
  const { rows: leftBehind } = await admin.raw(
    `select datname from pg_database where starts_with(datname, ?)
     and not exists (select 1 from pg_stat_activity where datname = pg_database.datname and pid <> pg_backend_pid() and backend_start > now() - interval '1 hour')`,
    [prefix],
  );
  for (const { datname } of leftBehind as Array<{ datname: string }>) await admin.raw('drop database if exists ?? with (force)', [datname]).catch(() => undefined);
  const name = `${prefix}${randomBytes(4).toString('hex')}`;
  await admin.raw('create database ??', [name]);
  const url = new URL(benchPostgresUrl!);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), admin };
}

/** A fresh migrated database for one benchmark; PostgreSQL gets a throwaway database dropped on close. */
export async function benchDatabase(engine: Engine): Promise<Database> {
  if (engine === 'pglite') {
    const db = await openDatabase({ engine: 'pglite' });
    await migrateToLatest(db.knex);
    return db;
  }
  const { name, url, admin } = await createBenchDatabase('charterline_bench_');
  const db = await openDatabase({ engine: 'postgres', url, poolSize: 20 });
  await db.knex.raw('create extension if not exists pg_trgm').catch(() => undefined);
  await migrateToLatest(db.knex);
  return {
    ...db,
    close: async () => {
      await db.close();
      await admin.raw('drop database if exists ?? with (force)', [name]);
      await admin.destroy();
    },
  };
}

/**
 * A database a server process of its own can serve: the benchmark fills and queries it here, then
 * closes it (PGlite allows one process at a time) and starts the server bundle on it, as
 * `npm start` does, so the server's figures are not those of a process that also generated the
 * data and runs the load generator.
 */
export type ServedDatabase = {
  engine: Engine;
  open(): Promise<Database>;
  /** Starts the server on it (`processes` > 1: WEB_CONCURRENCY, PostgreSQL only); resolves with its URL once it answers, and a stop function. */
  serve(processes?: number): Promise<{ url: string; cpuMs(): number | null; rssMb(): number | null; stop(): Promise<void> }>;
  drop(): Promise<void>;
};

/**
 * A user signed up through the served app, as a person would, then their records written straight
 * into the database by `seed`, timed: the database stays open for what the bench does before serving.
 */
export async function seedSignedUpUser<Seeded>(served: ServedDatabase, seed: (knex: Knex, userId: string) => Promise<Seeded>) {
  const server = await served.serve();
  const registered = await signUpBenchUser(server.url);
  await server.stop();
  const db = await served.open();
  const seedStarted = performance.now();
  const seeded = await seed(db.knex, registered.user.id);
  return { registered, db, seeded, seedSeconds: (performance.now() - seedStarted) / 1000 };
}

export async function servedDatabase(engine: Engine): Promise<ServedDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-bench-'));
  let environment: Record<string, string>;
  let drop: () => Promise<void>;
  let open: () => Promise<Database>;
  if (engine === 'pglite') {
    environment = { DATA_DIR: dataDir };
    open = () => openDatabase({ engine: 'pglite', dataDir });
    drop = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  } else {
    const { name, url, admin } = await createBenchDatabase('charterline_bench_');
    environment = { DATABASE_URL: url };
    open = () => openDatabase({ engine: 'postgres', url, poolSize: 20 });
    drop = async () => {
      await admin.raw('drop database if exists ?? with (force)', [name]);
      await admin.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const first = await open();
  await first.knex.raw('create extension if not exists pg_trgm').catch(() => undefined);
  await migrateToLatest(first.knex);
  await first.close();
  return {
    engine,
    open,
    drop,
    async serve(processes = 1) {
      const port = await freePort();
      const server = spawn(process.execPath, [...profileArguments, serverBundle()], {
        env: { ...process.env, ...environment, PORT: String(port), HOST: '127.0.0.1', JWT_SECRET: 'bench-secret-long-enough-1234', DEMO_DATA: 'never', LOG_LEVEL: 'warn', WEB_CONCURRENCY: String(processes), SIGNUPS_PER_HOUR: '100000' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const url = `http://127.0.0.1:${port}`;
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      for (let attempt = 0; ; attempt += 1) {
        if (server.exitCode !== null) throw new Error(`The benchmark server exited with ${server.exitCode}.`);
        if (await fetch(`${url}/api/health`).then((response) => response.ok, () => false)) break;
        if (attempt > 600) throw new Error('The benchmark server did not answer within a minute.');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return {
        url,
        cpuMs: () => processTreeCpuMs(server.pid!),
        rssMb: () => processTreeRssMb(server.pid!),
        async stop() {
          server.kill('SIGTERM');
          await exited;
        },
      };
    },
  };
}

/** The pids of a process and its descendants (the WEB_CONCURRENCY workers), from /proc; null where there is no /proc. */
function processTree(root: number): number[] | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name, which is in parentheses and may hold spaces.
      parents.set(Number(entry), Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]));
    } catch {
      // the process ended while we looked
    }
  }
  const inTree = (pid: number): boolean => pid === root || (pid > 1 && parents.has(pid) && inTree(parents.get(pid)!));
  return [...parents.keys()].filter(inTree);
}

/** Sums a per-process figure over a process tree; null where there is no /proc. */
function sumOverTree(root: number, read: (pid: number) => number): number | null {
  const pids = processTree(root);
  if (pids === null) return null;
  let sum = 0;
  for (const pid of pids) {
    try {
      sum += read(pid);
    } catch {
      // the process ended while we looked
    }
  }
  return sum;
}

/**
 * CPU time (user + system, ms) used so far by a process and its children (the WEB_CONCURRENCY
 * workers), from /proc; null where there is no /proc. Steadier than latency on a shared machine.
 */
export function processTreeCpuMs(root: number): number | null {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const ticks = sumOverTree(root, (pid) => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  });
  return ticks === null ? null : ticks / ticksPerMs;
}

/** Resident memory (MB) of a process and its children, from /proc; null where there is no /proc. */
export function processTreeRssMb(root: number): number | null {
  const kilobytes = sumOverTree(root, (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0));
  return kilobytes === null ? null : kilobytes / 1024;
}
