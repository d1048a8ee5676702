import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchBrowser, newContext } from '../test/e2e/support/browser.ts';
import { startE2EServer } from '../test/e2e/support/server.ts';
import { apiAs, registerUser } from '../test/e2e/support/users.ts';
import type { Report } from './run.ts';

/**
 * The first screen after sign-in: how much JavaScript it needs (gzipped) and how long a cold browser
 * takes to show a rendered Dashboard (goals: under 400 KB gzipped and under 1.5 s on this machine);
 * then Targets' first page for a user tracking 500 banks (goal: under 1 s).
 */

const dist = fileURLToPath(new URL('../frontend/dist/', import.meta.url));
const coldLoads = 7;
const demoBanks = 1000;
const trackedBanks = 500;

const median = (timings: number[]) => [...timings].sort((a, b) => a - b)[Math.floor(timings.length / 2)];

const gzippedSize = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Chunks a module imports statically (`import ... from "./x.js"`, `import "./x.js"`), transitively. */
function staticClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    // Static imports only: `import(` (dynamic) is a later, on-demand load.
    for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(path.resolve(path.dirname(file), match[1]));
    }
  }
  return seen;
}

const chunkNamed = (prefix: string) => fs.readdirSync(path.join(dist, 'assets')).find((name) => new RegExp(`^${prefix}-[\\w-]+\\.js$`).test(name));

/** The entry and preloads of index.html plus the Dashboard route's chunk (charts included) and everything it imports statically. */
function firstScreenChunks(): { files: Set<string>; dashboardChunk: string } {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((match) => path.join(dist, match[1]));
  const dashboardChunk = chunkNamed('Dashboard');
  if (!dashboardChunk) throw new Error('The build has no Dashboard chunk: is the Dashboard still code-split?');
  const files = staticClosure([...referenced, path.join(dist, 'assets', dashboardChunk)]);
  return { files, dashboardChunk };
}

export async function run(report: Report): Promise<void> {
  if (!fs.existsSync(path.join(dist, 'index.html'))) execSync('npm run build', { stdio: 'inherit' });

  const { files, dashboardChunk } = firstScreenChunks();
  const totalGzip = [...files].reduce((sum, file) => sum + gzippedSize(file), 0);
  const totalRaw = [...files].reduce((sum, file) => sum + fs.statSync(file).size, 0);
  const allJs = fs.readdirSync(path.join(dist, 'assets')).filter((name) => name.endsWith('.js'));
  const largest = [...files]
    .map((file) => ({ name: path.basename(file), gzip: gzippedSize(file) }))
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 3)
    .map((chunk) => `${chunk.name.replace(/-[\w-]{8}\.js$/, '')} ${(chunk.gzip / 1024).toFixed(0)} KB`)
    .join(', ');
  report('Frontend bundle (first screen after sign-in)', {
    'JS chunks for the Dashboard (of all chunks)': `${files.size} of ${allJs.length}`,
    'first-screen JS, gzipped (target < 400 KB)': `${(totalGzip / 1024).toFixed(1)} KB`,
    'first-screen JS, uncompressed': `${(totalRaw / 1024).toFixed(1)} KB`,
    'largest first-screen chunks (gzipped)': largest,
    'dashboard route chunk': dashboardChunk,
  });

  const server = await startE2EServer({ banks: demoBanks });
  const browser = await launchBrowser();
  try {
    const session = await registerUser(server.url, 'Bench User');
    const timings: number[] = [];
    let loadedJs = 0;
    for (let run = 0; run < coldLoads; run += 1) {
      // A fresh context each time: empty cache, like a first visit after sign-in.
      const context = await newContext(browser, server.url, { session });
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (response) => {
        if (response.url().endsWith('.js')) scripts.add(response.url());
      });
      const started = performance.now();
      await page.goto('/#/');
      // Rendered: the market figures, the user's own counts and the market charts all drawn.
      await page.getByTestId('market-total-assets').waitFor({ timeout: 30_000 });
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="stat-target-banks-value"] .MuiSkeleton-root') === null &&
          document.querySelector('[data-testid="market-delinquencies"] [data-testid="chart-bar"]') !== null &&
          document.querySelector('[data-testid="risk-distribution"] .donut-segment') !== null,
        undefined,
        { timeout: 30_000 },
      );
      timings.push(performance.now() - started);
      loadedJs = scripts.size;
      await context.close();
    }
    // The first load also warms the server's dashboard cache; report it apart.
    report('Time to a rendered Dashboard: figures, counts and charts drawn (headless chromium, cold browser cache)', {
      'demo banks in the database': demoBanks,
      'first load (server caches cold)': `${timings[0].toFixed(0)} ms`,
      [`median of ${coldLoads} loads`]: { value: median(timings), unit: 'ms', anchor: { name: 'goal', value: 1500 } },
      'slowest load': `${Math.max(...timings).toFixed(0)} ms`,
      'JS files the browser fetched': loadedJs,
    });

    // Targets: the largest banks tracked, as starring them in the Directory would.
    const largest = await apiAs<{ data: Array<{ data: Record<string, unknown> }> }>(server.url, session, `/api/services/fdic/institutions?limit=${trackedBanks}&sort_by=ASSET&sort_order=DESC`);
    for (const { data } of largest.data) await apiAs(server.url, session, '/api/data/banks', { method: 'POST', body: { cert: Number(data.CERT), name: String(data.NAME) } });
    /** Opens Targets in a new tab of `context` and answers the time until its first page is drawn. */
    const openTargets = async (context: Awaited<ReturnType<typeof newContext>>) => {
      const page = await context.newPage();
      const started = performance.now();
      await page.goto('/#/outreach/targets');
      // Drawn: the count in the title and every card of the first page (25 by default).
      await page.getByText(`${trackedBanks} banks being tracked`).waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="target-name"]').length >= 25, undefined, { timeout: 30_000 });
      const elapsed = performance.now() - started;
      await page.close();
      return elapsed;
    };
    const cold: number[] = [];
    const warm: number[] = [];
    for (let run = 0; run < coldLoads; run += 1) {
      const context = await newContext(browser, server.url, { session });
      cold.push(await openTargets(context));
      // the same browser again: the app's scripts come from its cache, as on every visit after the first
      warm.push(await openTargets(context));
      await context.close();
    }
    report("Time to Targets' first page drawn (headless chromium)", {
      'banks tracked': trackedBanks,
      'first load (server caches cold)': `${cold[0].toFixed(0)} ms`,
      [`median of ${coldLoads} loads, cold browser cache`]: { value: median(cold), unit: 'ms', anchor: { name: 'goal', value: 1000 } },
      [`median of ${coldLoads} loads, scripts cached`]: { value: median(warm), unit: 'ms', anchor: { name: 'goal', value: 1000 } },
      'slowest load': `${Math.max(...cold, ...warm).toFixed(0)} ms`,
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}
