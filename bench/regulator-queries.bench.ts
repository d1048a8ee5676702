import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { Database, Engine } from '../backend/src/db/database.ts';
import { creditBoxFromDatabase, creditBoxRequestSchema, creditBoxSearchJson, loanTypes } from '../backend/src/regulator/queries/credit-box.ts';
import { computeDashboard } from '../backend/src/regulator/queries/dashboard.ts';
import { loadDemoData } from '../backend/src/regulator/demo/load.ts';
import { Random } from '../backend/src/regulator/demo/random.ts';
import { demographics, financialHistory, financialRecords, historyEvents, institutionRecord, locations, summaryOfDeposits } from '../backend/src/regulator/queries/detail.ts';
import { latestQuarter, prepareRecordsQuery, queryRecordsJson, recordsFromDatabase, recordsQuerySchema } from '../backend/src/regulator/queries/records.ts';
import { benchEngines, servedDatabase } from './engines.ts';
import { signUpBenchUser } from './http-load.ts';
import { writeHistory } from './history.ts';
import type { Figure, FigureValue, Report } from './run.ts';
import { creditBoxFields } from '../domain/bank-fields.ts';

/**
 * Latency of the screens' regulator queries at 32 concurrent requests over the demo set
 * (BENCH_DEMO_BANKS, default 4,500 banks x 8 quarters), through HTTP (auth, validation, JSON) and,
 * beside it, the same work in this process and in SQL. Targets on PostgreSQL: directory and credit
 * box p95 < 25 ms, dashboard < 60 ms.
 *
 * The server is a process of its own (backend/src/main.ts on the benchmark's database, as `npm
 * start` runs it), and the load generator runs in a worker thread here (http-load-worker.mjs): a
 * server sharing its process with the data generation and the load generator measured about twice
 * as slow as it serves. Queries vary as people's do, so the figures are not those of a cache
 * answering the same few requests; the Directory's default first page, which every user opens, is
 * measured apart.
 */

const concurrency = 32;
/** Requests per HTTP and in-process scenario: enough for a steady state (a few hundred mostly time JIT warm-up). */
const requestsPerScenario = Number(process.env.BENCH_REQUESTS ?? 3000);
/** The same queries in SQL, beside them: the slow path, so fewer. */
const sqlRequests = Math.min(requestsPerScenario, 320);
const bankCount = Number(process.env.BENCH_DEMO_BANKS ?? 4500);

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

type Measured = { p50: number; p95: number; rate: number; serverCpuPerRequest?: number };

/** p50/p95 in ms and groups/s of request groups sent over HTTP from a worker thread (http-load-worker.mjs), `concurrency` groups in flight. */
function measureHttp(url: string, token: string, groups: HttpRequest[][]): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./http-load-worker.mjs', import.meta.url), { workerData: { url, token, groups, concurrency } });
    worker.once('error', reject);
    worker.once('message', (result: { durations?: number[]; elapsed?: number; error?: string }) => {
      void worker.terminate();
      if (result.error || !result.durations || !result.elapsed) return reject(new Error(result.error ?? 'The load worker answered nothing.'));
      const durations = result.durations.sort((a, b) => a - b);
      resolve({ p50: percentile(durations, 50), p95: percentile(durations, 95), rate: groups.length / result.elapsed });
    });
  });
}

/** A measurement as figures: p50 and p95 (p95 beside an anchor's when given), the rate and, over HTTP, the server's CPU per request. */
const format = ({ p50, p95, rate, serverCpuPerRequest }: Measured, anchor?: { name: string; p95: number }): Record<string, Figure> => ({
  p50: { value: p50, unit: 'ms' },
  p95: { value: p95, unit: 'ms', ...(anchor ? { anchor: { name: `${anchor.name} p95`, value: anchor.p95 } } : {}) },
  rate: { value: rate, unit: 'req/s' },
  ...(serverCpuPerRequest === undefined ? {} : { 'server CPU': { value: serverCpuPerRequest, unit: 'µs/req' } }),
});

const directoryFields = 'CERT,NAME,CITY,STALP,ASSET,DEP,OFFICES,REGAGNT,ROA,NCLNLSR,NTLNLS,LNRERSFM,LNAUTO,LNCRCD';

/** The Directory's first screen: every user opens it, so it is measured on its own as well. */
const defaultDirectoryQuery = { limit: '50', offset: '0', filters: 'ACTIVE:1', search: '', sort_by: 'ASSET', sort_order: 'DESC', fields: directoryFields };

/**
 * Directory queries as varied as people make them, almost all different from each other (so no
 * per-query cache answers them): a sort among ten columns either way, a regulator and a charter
 * class or not, a page among the first few, and for two in five a search for a piece of a real
 * bank name.
 */
export function directoryQueries(count: number, names: string[]) {
  const random = new Random(20261122);
  const sorts = ['ASSET', 'DEP', 'ROA', 'ROE', 'NCLNLSR', 'NTLNLS', 'OFFICES', 'NAME', 'CITY', 'LNRERSFM'];
  return Array.from({ length: count }, () => {
    const filters = ['ACTIVE:1', random.pick(['', ' AND REGAGNT:FDIC', ' AND REGAGNT:OCC', ' AND REGAGNT:FRS']), random.pick(['', '', ' AND BKCLASS:N', ' AND BKCLASS:NM', ' AND BKCLASS:SM'])].join('');
    let search = '';
    if (random.chance(0.4)) {
      const name = random.pick(names).toLowerCase();
      const length = 3 + Math.floor(random.next() * 4);
      const start = Math.floor(random.next() * Math.max(1, name.length - length));
      search = `NAME: *${name.slice(start, start + length).trim() || name.slice(0, 3)}*`;
    }
    return {
      limit: '50',
      offset: String(50 * (search ? 0 : random.pick([0, 0, 0, 1, 2, 3, 4, 5]))),
      filters,
      search,
      sort_by: random.pick(sorts),
      sort_order: random.chance(0.5) ? 'DESC' : 'ASC',
      fields: directoryFields,
    };
  });
}

/** Credit box searches with the screen's switches and sliders set differently each time, asking for the fields the screen shows. */
export function creditBoxBodies(count: number) {
  const random = new Random(11222026);
  const maybe = <T>(chance: number, value: () => T) => (random.chance(chance) ? value() : undefined);
  const step = (low: number, high: number, by: number) => low + by * Math.floor(random.next() * ((high - low) / by + 1));
  return Array.from({ length: count }, () => ({
    criteria: {
      minAssets: step(0, 500_000_000, 50_000_000),
      maxAssets: random.pick([100_000_000_000, 10_000_000_000, 5_000_000_000]),
      maxNplRatio: maybe(0.8, () => step(0.5, 5, 0.25)),
      minTier1CapitalRatio: maybe(0.8, () => step(6, 14, 0.5)),
      minRoa: maybe(0.8, () => step(0, 2, 0.1)),
      minNetInterestMargin: maybe(0.7, () => step(1.5, 4.5, 0.25)),
      maxEfficiencyRatio: maybe(0.7, () => step(50, 90, 5)),
      region: maybe(0.3, () => random.pick(['Northeast', 'Midwest', 'South', 'West'])),
      regulator: maybe(0.2, () => random.pick(['FDIC', 'OCC', 'FRS'])),
      loanType: maybe(0.2, () => random.pick(Object.keys(loanTypes))),
    },
    page: random.pick([1, 1, 1, 2, 3]),
    limit: 12,
    fields: creditBoxFields,
  }));
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

/** Loads `banks` demo banks (and, for the scale run, `events` outreach events); answers the active banks' certs and names. */
async function fill(db: Database, banks: number, events: number, figures: Record<string, FigureValue>) {
  const knex = db.knex;
  const loadStarted = performance.now();
  const loaded = await loadDemoData(knex, { banks });
  figures['demo data'] = `${loaded.banks} banks, ${loaded.financials} quarterly rows, ${loaded.branches} branches loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`;
  if (events > 0) {
    const written = performance.now();
    await writeHistory(knex, randomUUID(), events, new Date(Date.now() - (events + 3600) * 1000));
    await knex.raw('analyze events');
    figures['outreach events in the store'] = `${events.toLocaleString('en-US')} written in ${((performance.now() - written) / 1000).toFixed(1)} s`;
  }
  const certs = (await knex('fdic_institutions').where({ active: true }).orderBy('cert').select('cert')).map((row) => row.cert as number);
  const names = (await knex('fdic_institutions').where({ active: true }).select('name')).map((row) => row.name as string);
  return { certs, names };
}

/** What the benchmark measures in its own process, on the database, while no server holds it. */
async function inProcess(db: Database, certs: number[], names: string[], figures: Record<string, FigureValue>) {
  const knex = db.knex;
  const snapshotStarted = performance.now();
  await queryRecordsJson(knex, 'institutions', recordsQuerySchema.parse(defaultDirectoryQuery));
  figures['loading the quarter snapshot (first directory query)'] = { value: performance.now() - snapshotStarted, unit: 'ms' };
  const userId = randomUUID();
  const directoryMix = directoryQueries(requestsPerScenario + sqlRequests, names.slice().reverse());
  const creditBoxMix = creditBoxBodies(requestsPerScenario + sqlRequests).map((body) => ({ ...body, page: body.page + 1 }));
  figures['directory in process (snapshot, JSON text as the route sends it)'] = format(
    await measure(requestsPerScenario, (i) => queryRecordsJson(knex, 'institutions', recordsQuerySchema.parse(directoryMix[i]))),
  );
  figures['directory direct SQL'] = format(
    await measure(sqlRequests, async (i) => recordsFromDatabase(knex, await prepareRecordsQuery(knex, 'institutions', recordsQuerySchema.parse(directoryMix[requestsPerScenario + i])))),
  );
  figures['credit box in process (snapshot, JSON text as the route sends it)'] = format(
    await measure(requestsPerScenario, (i) => creditBoxSearchJson(knex, creditBoxRequestSchema.parse(creditBoxMix[i]), userId)),
  );
  const latest = (await latestQuarter(knex))!;
  figures['credit box direct SQL'] = format(await measure(sqlRequests, (i) => creditBoxFromDatabase(knex, creditBoxRequestSchema.parse(creditBoxMix[requestsPerScenario + i]), latest, userId)));
  const coldStarted = performance.now();
  await computeDashboard(knex);
  figures['dashboard, one computation in SQL'] = { value: performance.now() - coldStarted, unit: 'ms' };
  figures['dashboard direct SQL, 32 at once'] = format(await measure(Math.min(sqlRequests, 128), () => computeDashboard(knex)));
  figures['bank detail bundle direct SQL'] = format(await measure(sqlRequests, (i) => detailBundle(knex, certs[(i * 37) % certs.length])));
}

/** Long enough for the server's idle collection (10 s after the last request) to have run. */
const restedMs = 12_000;

/** Unmeasured calls of each detail endpoint (the overview and every panel) before they are measured. */
const detailWarmUpRequests = 300;

/** The goal of the detail's endpoints: p95 below this at `concurrency` connections. */
const detailGoalMs = 40;

/** The same screens through a server process of its own (`backend/src/main.ts`, every feature). */
async function overHttp({ url, cpuMs, rssMb }: { url: string; cpuMs(): number | null; rssMb(): number | null }, certs: number[], names: string[], figures: Record<string, FigureValue>) {
  const residentAtStart = rssMb();
  if (residentAtStart !== null) figures['server resident memory after start'] = { value: residentAtStart, unit: 'MB', anchor: { name: 'goal (embedded server)', value: 300 } };
  const { token } = await signUpBenchUser(url);
  // Beside the latencies, the server's CPU time per request: far steadier on a shared machine.
  const http = async (groups: HttpRequest[][]) => {
    const before = cpuMs();
    const measured = await measureHttp(url, token, groups);
    const after = cpuMs();
    const requests = groups.reduce((sum, group) => sum + group.length, 0);
    return before === null || after === null ? measured : { ...measured, serverCpuPerRequest: ((after - before) * 1000) / requests };
  };
  const directoryRequest = (query: Record<string, string>): HttpRequest => ({ method: 'GET', path: `/api/services/fdic/institutions?${new URLSearchParams(query)}` });
  const creditBoxRequest = (body: object): HttpRequest => ({ method: 'POST', path: '/api/data/banks/credit-box-search', body: JSON.stringify(body) });

  // The server loads the quarter's snapshot on its first call, and its code is still being
  // optimised for the first few thousand requests (measured: a second run of the same mix used
  // about a fifth less CPU per request after 1,000 warm-up calls): warm-up queries are not measured.
  await http(directoryQueries(3000, names.slice().reverse()).map((query) => [directoryRequest(query)]));
  await http(creditBoxBodies(3000).map((body) => [creditBoxRequest({ ...body, page: 4 })]));
  // What any signed-in call costs on this machine at this concurrency (a small cached answer): the
  // floor under every figure below.
  figures['floor: a signed-in call answering a cached list of quarters HTTP'] = format(
    await http(Array.from({ length: requestsPerScenario }, () => [{ method: 'GET', path: '/api/services/fdic/quarters' }])),
  );
  const directoryMix = directoryQueries(requestsPerScenario, names);
  figures['directory, varied queries (sorted, filtered, searched) HTTP'] = format(await http(directoryMix.map((query) => [directoryRequest(query)])));
  figures['directory, the default first page HTTP'] = format(await http(directoryMix.map(() => [directoryRequest(defaultDirectoryQuery)])));
  figures['credit box, varied searches HTTP'] = format(await http(creditBoxBodies(requestsPerScenario).map((body) => [creditBoxRequest(body)])));
  figures['dashboard HTTP (cached until the data changes)'] = format(await http(directoryMix.map(() => [{ method: 'GET', path: '/api/services/fdic/dashboard' }])));
  const detailPaths = (cert: number) => [
    `/api/services/fdic/institutions/${cert}`,
    `/api/services/fdic/financials/${cert}`,
    `/api/services/fdic/financials/history/${cert}`,
    `/api/services/fdic/demographics/${cert}`,
    `/api/services/fdic/locations/${cert}?limit=20&offset=0`,
    `/api/services/fdic/sod/${cert}?limit=20&offset=0`,
    `/api/services/fdic/history/${cert}?limit=15&offset=0`,
  ];
  const bundle = await http(Array.from({ length: sqlRequests }, (_, i) => detailPaths(certs[(i * 37) % certs.length]).map((path) => ({ method: 'GET', path }))));
  figures['bank detail bundle (7 calls at once) HTTP'] = format(bundle);
  const olderQuarter = ((await (await fetch(`${url}/api/services/fdic/quarters`, { headers: { authorization: `Bearer ${token}` } })).json()) as string[])[1];
  const panels: Record<string, (cert: number) => string> = {
    'institution record (raw panel)': (cert) => `/api/services/fdic/institutions/${cert}`,
    'an older quarter (financials panel)': (cert) => `/api/services/fdic/financials/${cert}?quarter=${olderQuarter}`,
    'trend points (trends panel)': (cert) => `/api/services/fdic/financials/history/${cert}`,
    'summary panel': (cert) => `/api/services/fdic/summary/${cert}`,
    'demographics panel': (cert) => `/api/services/fdic/demographics/${cert}`,
    'branches, first page (locations panel)': (cert) => `/api/services/fdic/locations/${cert}?limit=20&offset=0`,
    'deposits, first page (deposits panel)': (cert) => `/api/services/fdic/sod/${cert}?limit=20&offset=0`,
    'structure history (history panel)': (cert) => `/api/services/fdic/history/${cert}?limit=15&offset=0`,
    'failures (failure panel)': (cert) => `/api/services/fdic/failures/${cert}`,
  };
  // The detail's endpoints warmed as the directory's are, each process on its own (with two, each
  // optimises its own code): unmeasured calls on other banks than the measured ones.
  const detailRoutes = [(cert: number) => `/api/services/fdic/bank/${cert}/overview`, ...Object.values(panels)];
  await http(Array.from({ length: detailWarmUpRequests }, (_, i) => detailRoutes.map((path) => [{ method: 'GET', path: path(certs[(i * 43 + 11) % certs.length]) }])).flat());
  // The detail's first screen in one call, beside the seven-call bundle it replaces (goal: p95 < 40 ms).
  figures['bank detail first screen, one call (/bank/{cert}/overview) HTTP'] = format(
    await http(Array.from({ length: requestsPerScenario }, (_, i) => [{ method: 'GET', path: `/api/services/fdic/bank/${certs[(i * 37) % certs.length]}/overview` }])),
    { name: 'goal', p95: detailGoalMs },
  );
  // Every other panel of the detail on its own, each bank once (goal: p95 < 40 ms each).
  for (const [name, path] of Object.entries(panels)) {
    figures[`bank detail panel: ${name} HTTP`] = format(
      await http(Array.from({ length: sqlRequests }, (_, i) => [{ method: 'GET', path: path(certs[(i * 41 + 7) % certs.length]) }])),
      { name: 'goal', p95: detailGoalMs },
    );
  }
  const residentAfterLoad = rssMb();
  if (residentAfterLoad !== null) figures['server resident memory after the load above'] = { value: residentAfterLoad, unit: 'MB', anchor: { name: 'goal (embedded server)', value: 300 } };
  // Steady state: the server, idle for longer than its idle collection waits (backend/src/http/idle-collection.ts), has given back what the load left.
  await new Promise((resolve) => setTimeout(resolve, restedMs));
  const residentAtRest = rssMb();
  if (residentAtRest !== null) figures['server resident memory at rest after the load'] = { value: residentAtRest, unit: 'MB', anchor: { name: 'goal (embedded server)', value: 300 } };
}

/** BENCH_SCALE=10: a second pass with ten times the banks and 2 million outreach events in the store (long: opt-in). */
const scale = Number(process.env.BENCH_SCALE ?? 1);
const scaleEvents = Number(process.env.BENCH_SCALE_EVENTS ?? 2_000_000);

/** The p95 of every figure that has one, by name. */
function p95s(figures: Record<string, FigureValue>): Map<string, number> {
  const found = new Map<string, number>();
  for (const [name, value] of Object.entries(figures)) {
    const p95 = typeof value === 'object' && !('value' in value) ? (value as Record<string, Figure>).p95 : undefined;
    if (p95) found.set(name, p95.value);
  }
  return found;
}

/** One pass: fill a fresh database, measure in process (first pass only), then over HTTP with one (and on PostgreSQL two) server processes. */
async function pass(engine: Engine, banks: number, events: number, label: string, report: Report, inProcessToo: boolean): Promise<Record<string, FigureValue>> {
  const database = await servedDatabase(engine);
  try {
    const local: Record<string, FigureValue> = {};
    const db = await database.open();
    const { certs, names } = await (async () => {
      try {
        const filled = await fill(db, banks, events, local);
        if (inProcessToo) await inProcess(db, filled.certs, filled.names, local);
        return filled;
      } finally {
        await db.close();
      }
    })();
    let single: Record<string, FigureValue> = {};
    // PostgreSQL may be served by several processes (WEB_CONCURRENCY); this machine has two cores.
    for (const processes of engine === 'postgres' ? [1, 2] : [1]) {
      const remote: Record<string, FigureValue> = {};
      const server = await database.serve(processes);
      try {
        await overHttp(server, certs, names, remote);
      } finally {
        await server.stop();
      }
      const served = processes === 1 ? 'one server process' : `${processes} server processes (WEB_CONCURRENCY)`;
      report(`regulator queries on ${engine}${label}, ${served}, over HTTP (${concurrency} concurrent)`, remote);
      if (processes === 1) single = remote;
    }
    report(`regulator queries on ${engine}${label}, in the benchmark's process and in SQL (${concurrency} at a time)`, local);
    return single;
  } finally {
    await database.drop();
  }
}

export async function run(report: Report): Promise<void> {
  for (const engine of benchEngines) {
    const base = await pass(engine, bankCount, 0, '', report, true);
    if (scale <= 1) continue;
    const scaled = await pass(engine, bankCount * scale, scaleEvents, ` at ${scale}x the banks and ${scaleEvents.toLocaleString('en-US')} outreach events`, report, false);
    const growth: Record<string, FigureValue> = {};
    const before = p95s(base);
    for (const [name, p95] of p95s(scaled)) {
      const was = before.get(name);
      if (was) growth[`${name}: p95 growth`] = { value: p95 / was, unit: 'x', anchor: { name: 'goal at most', value: 2 } };
    }
    for (const moment of ['after start', 'after the load above', 'at rest after the load']) {
      const name = `server resident memory ${moment}`;
      const was = base[name] as Figure | undefined;
      const now = scaled[name] as Figure | undefined;
      if (was && now) growth[`${name}: growth`] = { value: now.value / was.value, unit: 'x', anchor: { name: 'goal at most', value: 2 } };
    }
    report(`regulator queries on ${engine}: growth at ${scale}x the banks (one server process; same run)`, growth);
  }
}
