import type { Knex } from 'knex';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../backend/src/config.ts';
import type { Database } from '../backend/src/db/database.ts';
import { creditBoxFromDatabase, creditBoxRequestSchema, creditBoxSearch } from '../backend/src/regulator/credit-box.ts';
import { dashboard } from '../backend/src/regulator/dashboard.ts';
import { loadDemoData } from '../backend/src/regulator/demo/load.ts';
import { demographics, financialHistory, financialRecords, historyEvents, institutionRecord, locations, summaryOfDeposits } from '../backend/src/regulator/detail.ts';
import { regulatorFeature } from '../backend/src/regulator/feature.ts';
import { latestQuarter, prepareRecordsQuery, queryRecords, recordsFromDatabase, recordsQuerySchema } from '../backend/src/regulator/records.ts';
import { clearRegulatorCache } from '../backend/src/regulator/cache.ts';
import { startServer } from '../backend/src/server.ts';
import { benchDatabase, benchEngines } from './engines.ts';
import type { Report } from './run.ts';

/**
 * Latency of the screens' regulator queries at 32 concurrent requests over the demo set
 * (BENCH_DEMO_BANKS, default 4,500 banks x 8 quarters): through HTTP (auth, validation, JSON) and,
 * beside it, the same query functions called directly against the database. Targets on
 * PostgreSQL: directory and credit box p95 < 25 ms, dashboard < 60 ms.
 *
 * The HTTP client runs in a worker thread with keep-alive sockets: in the server's own event loop
 * (as fetch was at first) the client's CPU counted as server latency, as no browser's does.
 */

const concurrency = 32;
const requestsPerScenario = Number(process.env.BENCH_REQUESTS ?? 640);
const bankCount = Number(process.env.BENCH_DEMO_BANKS ?? 4500);
const searchWords = ['amber', 'bell', 'copper', 'fern', 'glen', 'hazel', 'iron', 'lark', 'mead', 'oak', 'quill', 'raven', 'silver', 'thistle', 'willow', 'zephyr'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs `work(i)` `total` times with `concurrency` in flight; returns p50/p95 in ms and requests/s. */
async function measure(total: number, work: (index: number) => Promise<unknown>): Promise<{ p50: number; p95: number; rate: number }> {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next++;
        const begin = performance.now();
        await work(index);
        durations.push(performance.now() - begin);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  return { p50: percentile(durations, 50), p95: percentile(durations, 95), rate: total / elapsed };
}

type HttpRequest = { method: string; path: string; body?: string };

// CommonJS, evaluated in a worker: `total` requests, `concurrency` in flight, durations posted back.
const httpLoadWorker = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, token, requests, concurrency } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const send = ({ method, path, body }) => new Promise((resolve, reject) => {
  const headers = { authorization: 'Bearer ' + token, 'content-type': 'application/json' };
  if (body) headers['content-length'] = Buffer.byteLength(body);
  const request = http.request({ host: target.hostname, port: target.port, path, method, agent, headers }, (response) => {
    const chunks = [];
    response.on('data', (chunk) => chunks.push(chunk));
    response.on('end', () => response.statusCode === 200 ? resolve() : reject(new Error(path + ': ' + response.statusCode + ' ' + Buffer.concat(chunks))));
  });
  request.on('error', reject);
  request.end(body);
});
(async () => {
  const durations = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < requests.length) {
      const request = requests[next++];
      const begin = performance.now();
      await send(request);
      durations.push(performance.now() - begin);
    }
  }));
  agent.destroy();
  parentPort.postMessage({ durations, elapsed: (performance.now() - started) / 1000 });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

/** p50/p95 in ms and requests/s of `requests` sent over HTTP from a worker thread, `concurrency` in flight. */
function measureHttp(url: string, token: string, requests: HttpRequest[]): Promise<{ p50: number; p95: number; rate: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(httpLoadWorker, { eval: true, workerData: { url, token, requests, concurrency } });
    worker.once('error', reject);
    worker.once('message', (result: { durations?: number[]; elapsed?: number; error?: string }) => {
      void worker.terminate();
      if (result.error || !result.durations || !result.elapsed) return reject(new Error(result.error ?? 'The load worker answered nothing.'));
      const durations = result.durations.sort((a, b) => a - b);
      resolve({ p50: percentile(durations, 50), p95: percentile(durations, 95), rate: requests.length / result.elapsed });
    });
  });
}

const format = ({ p50, p95, rate }: { p50: number; p95: number; rate: number }) => `p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  (${Math.round(rate)} req/s)`;

function directoryQuery(index: number) {
  const regulators = ['', ' AND REGAGNT:FDIC', ' AND REGAGNT:OCC', ' AND REGAGNT:FRS'];
  const sorts = ['ASSET', 'DEP', 'ROA', 'NCLNLSR', 'OFFICES'];
  return {
    limit: '50',
    offset: String((index % 4) * 50),
    filters: `ACTIVE:1${regulators[index % regulators.length]}`,
    search: index % 3 === 0 ? `NAME: *${searchWords[index % searchWords.length]}*` : '',
    sort_by: sorts[index % sorts.length],
    sort_order: index % 2 === 0 ? 'DESC' : 'ASC',
    fields: 'CERT,NAME,CITY,STALP,ASSET,DEP,OFFICES,REGAGNT,ROA,NCLNLSR,NTLNLS,LNRERSFM,LNAUTO,LNCRCD',
  };
}

function creditBoxBody(index: number) {
  const regions = [undefined, 'Midwest', 'South', 'West', 'Northeast'];
  return {
    criteria: { minAssets: 0, maxAssets: 100_000_000_000, maxNplRatio: 3, minTier1CapitalRatio: 10, minRoa: 0.5, minNetInterestMargin: 2.5, maxEfficiencyRatio: 70, region: regions[index % regions.length] },
    page: 1 + (index % 3),
    limit: 12,
  };
}

async function detailBundle(knex: Knex, cert: number) {
  const page = { limit: 20, offset: 0 };
  return Promise.all([
    institutionRecord(knex, cert),
    financialRecords(knex, cert),
    financialHistory(knex, cert),
    demographics(knex, cert),
    locations(knex, cert, page),
    summaryOfDeposits(knex, cert, page),
    historyEvents(knex, cert, { limit: 15, offset: 0 }),
  ]);
}

async function benchEngine(db: Database, report: Report): Promise<void> {
  const knex = db.knex;
  const loadStarted = performance.now();
  const loaded = await loadDemoData(knex, { banks: bankCount });
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const certs = (await knex('fdic_institutions').where({ active: true }).orderBy('cert').select('cert')).map((row) => row.cert as number);

  const server = await startServer({ ...loadConfig({}), port: 0, host: '127.0.0.1', jwtSecret: 'bench-secret-long-enough-1234', demoData: 'never', logLevel: 'silent' }, { db, features: [regulatorFeature] });
  // Idle keep-alive sockets must outlive the client's pool, or a reused socket can be reset mid-request.
  server.server.keepAliveTimeout = 60_000;
  try {
    const register = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', email: `bench-${Date.now()}@bench.local`, password: 'correct horse battery' }),
    });
    const { token } = (await register.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const call = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(server.url + path, { ...init, headers });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };

    // Warm up the engine's caches, the quarter list and the quarter's snapshot (its first load is timed).
    const snapshotStarted = performance.now();
    await call(`/api/services/fdic/institutions?${new URLSearchParams(directoryQuery(0))}`);
    const snapshotMs = performance.now() - snapshotStarted;

    const figures: Record<string, string> = {
      'demo data': `${loaded.banks} banks, ${loaded.financials} quarterly rows, ${loaded.branches} branches loaded in ${loadSeconds.toFixed(1)} s`,
      'first directory call (loads the quarter snapshot)': `${snapshotMs.toFixed(0)} ms`,
    };
    const indexes = Array.from({ length: requestsPerScenario }, (_, i) => i);
    const http = (requests: HttpRequest[]) => measureHttp(server.url, token, requests);
    figures['directory (sorted, filtered, searched) HTTP'] = format(await http(indexes.map((i) => ({ method: 'GET', path: `/api/services/fdic/institutions?${new URLSearchParams(directoryQuery(i))}` }))));
    figures['directory in process (snapshot)'] = format(await measure(requestsPerScenario, (i) => queryRecords(knex, 'institutions', recordsQuerySchema.parse(directoryQuery(i)))));
    figures['directory direct SQL'] = format(
      await measure(requestsPerScenario, async (i) => recordsFromDatabase(knex, await prepareRecordsQuery(knex, 'institutions', recordsQuerySchema.parse(directoryQuery(i))))),
    );
    figures['credit box HTTP'] = format(await http(indexes.map((i) => ({ method: 'POST', path: '/api/data/banks/credit-box-search', body: JSON.stringify(creditBoxBody(i)) }))));
    figures['credit box in process (snapshot)'] = format(await measure(requestsPerScenario, (i) => creditBoxSearch(knex, creditBoxRequestSchema.parse(creditBoxBody(i)))));
    const latest = (await latestQuarter(knex))!;
    figures['credit box direct SQL'] = format(await measure(requestsPerScenario, (i) => creditBoxFromDatabase(knex, creditBoxRequestSchema.parse(creditBoxBody(i)), latest)));
    clearRegulatorCache(knex);
    const coldStarted = performance.now();
    await dashboard(knex);
    figures['dashboard, first (uncached) computation'] = `${(performance.now() - coldStarted).toFixed(1)} ms`;
    figures['dashboard HTTP (cached per quarter)'] = format(await http(indexes.map(() => ({ method: 'GET', path: '/api/services/fdic/dashboard' }))));
    figures['dashboard direct SQL (uncached)'] = format(
      await measure(Math.min(requestsPerScenario, 128), async () => {
        clearRegulatorCache(knex);
        return dashboard(knex);
      }),
    );
    const detailPaths = (cert: number) => [
      `/api/services/fdic/institutions/${cert}`,
      `/api/services/fdic/financials/${cert}`,
      `/api/services/fdic/financials/history/${cert}`,
      `/api/services/fdic/demographics/${cert}`,
      `/api/services/fdic/locations/${cert}?limit=20&offset=0`,
      `/api/services/fdic/sod/${cert}?limit=20&offset=0`,
      `/api/services/fdic/history/${cert}?limit=15&offset=0`,
    ];
    figures['bank detail bundle (7 calls) HTTP'] = format(
      await measure(requestsPerScenario / 4, (i) => Promise.all(detailPaths(certs[(i * 37) % certs.length]).map((path) => call(path)))),
    );
    figures['bank detail bundle direct SQL'] = format(await measure(requestsPerScenario / 4, (i) => detailBundle(knex, certs[(i * 37) % certs.length])));
    report(`regulator queries on ${db.engine} (${concurrency} concurrent)`, figures);
  } finally {
    await server.stop();
  }
}

export async function run(report: Report): Promise<void> {
  for (const engine of benchEngines) {
    const db = await benchDatabase(engine);
    try {
      await benchEngine(db, report);
    } finally {
      await db.close();
    }
  }
}
