import { Worker } from 'node:worker_threads';

type HttpRequest = { method: string; path: string };
/** The p-th percentile of ascending durations. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export type HttpLatency = { p50: number; p95: number; rate: number };

/** GETs every path through the load worker with `concurrency` requests in flight; answers the latency's p50 and p95 (ms) and the rate (req/s). */
export function measureLatency(url: string, token: string, paths: string[], headers: Record<string, string> = {}, concurrency = 32) {
  const groups: HttpRequest[][] = paths.map((path) => [{ method: 'GET', path }]);
  return new Promise<HttpLatency>((resolve, reject) => {
    const worker = new Worker(new URL('./http-load-worker.mjs', import.meta.url), { workerData: { url, token, groups, concurrency, headers } });
    worker.once('error', reject);
    worker.once('message', (result: { durations?: number[]; elapsed?: number; error?: string }) => {
      void worker.terminate();
      if (result.error || !result.durations || !result.elapsed) return reject(new Error(result.error ?? 'The load worker answered nothing.'));
      const durations = result.durations.sort((a, b) => a - b);
      resolve({ p50: percentile(durations, 50), p95: percentile(durations, 95), rate: groups.length / result.elapsed });
    });
  });
}

export const describeLatency = ({ p50, p95, rate }: HttpLatency) => `p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  (${Math.round(rate)} req/s)`;

/** `measureLatency`, as 'p50 … p95 … (req/s)'. */
export async function measureHttp(url: string, token: string, paths: string[], headers: Record<string, string> = {}, concurrency = 32): Promise<string> {
  return describeLatency(await measureLatency(url, token, paths, headers, concurrency));
}

/** Signs a new bench user up through the API, as a person would: their token and id. */
export async function signUpBenchUser(url: string): Promise<{ token: string; user: { id: string } }> {
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email: `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@bench.local`, password: 'correct horse battery' }),
  });
  if (!response.ok) throw new Error(`Signing the bench user up answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { token: string; user: { id: string } };
}
