import { setTimeout as sleep } from 'node:timers/promises';
import { withDeadline } from '../../http/deadline.ts';

/** How a client retries: exponential backoff from `baseDelayMs`, capped, with a little jitter. */
export type RetryPolicy = { retries: number; baseDelayMs: number; maxDelayMs: number };

export type HttpClientOptions = {
  /** The service's name, used in error messages ("FDIC BankFind", "Census"). */
  service: string;
  timeoutMs: number;
  retry: RetryPolicy;
  /** Client-side cap on request starts per second, shared by every request of this client. */
  requestsPerSecond: number;
  fetch?: typeof fetch;
  /** The longest Retry-After waited for; a longer one fails the request at once. Default 2 minutes. */
  maxRetryAfterMs?: number;
  /** Called before each retry; the sync job logs these. */
  onRetry?: (event: { url: string; attempt: number; delayMs: number; reason: string }) => void;
};

/** A failure talking to an upstream service, phrased for the person reading the sync status. */
/** What a caller may set on a client of one of the regulator services. */
export type ServiceClientOptions = {
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  requestsPerSecond?: number;
  fetch?: typeof fetch;
  onRetry?: HttpClientOptions['onRetry'];
};

export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly retryable = false,
    /** How it failed when no answer came: the service took too long, or could not be reached. */
    readonly noAnswer?: 'timeout' | 'network',
    /** The service's answer body, for callers that read its error details. */
    readonly body?: string,
  ) {
    super(message);
  }
}

/**
 * Spaces request starts at least 1/rate seconds apart. Callers queue on a promise chain,
 * so concurrent requests of one client take turns instead of bursting.
 */
export class RateLimiter {
  private next = 0;
  private readonly intervalMs: number;

  constructor(requestsPerSecond: number) {
    this.intervalMs = requestsPerSecond > 0 ? 1000 / requestsPerSecond : 0;
  }

  async take(): Promise<void> {
    if (this.intervalMs === 0) return;
    const now = Date.now();
    const startAt = Math.max(now, this.next);
    this.next = startAt + this.intervalMs;
    if (startAt > now) await sleep(startAt - now);
  }
}

/** Seconds or an HTTP date, as RFC 9110 allows; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function backoffDelay(policy: RetryPolicy, attempt: number, random = Math.random): number {
  const exponential = policy.baseDelayMs * 2 ** (attempt - 1);
  return Math.min(policy.maxDelayMs, exponential * (0.75 + random() * 0.5));
}

/** The longest Retry-After we wait for by default; a longer one fails the request so the job can report it. */
const defaultMaxRetryAfterMs = 120_000;

/**
 * GET with a per-request timeout, a shared rate limit, and retries on 429 (honouring
 * Retry-After), 5xx and network errors. Other 4xx answers fail at once: repeating a bad
 * request does not fix it. Returns the successful response's body text.
 */
export class HttpClient {
  private readonly limiter: RateLimiter;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: HttpClientOptions) {
    this.limiter = new RateLimiter(options.requestsPerSecond);
    this.fetchImpl = options.fetch ?? fetch;
  }

  /**
   * `check` looks at a successful answer's body and names what is wrong with it, if anything: such
   * an answer (a page cut short, a proxy's HTML page sent with 200) is retried like a 5xx.
   */
  async getText(
    url: string,
    init: { timeoutMs?: number; retries?: number; signal?: AbortSignal; check?: (text: string) => string | undefined } = {},
  ): Promise<{ status: number; text: string }> {
    const { service, retry } = this.options;
    const retries = init.retries ?? retry.retries;
    for (let attempt = 1; ; attempt += 1) {
      await this.limiter.take();
      let failure: UpstreamError;
      let retryAfterMs: number | undefined;
      try {
        const { response, text } = await withDeadline(init.timeoutMs ?? this.options.timeoutMs, init.signal, async (signal) => {
          const response = await this.fetchImpl(url, { signal, headers: { accept: 'application/json' } });
          return { response, text: await response.text() };
        });
        const problem = response.ok ? init.check?.(text) : undefined;
        if (response.ok && !problem) return { status: response.status, text };
        if (problem) failure = new UpstreamError(problem, response.status, true, undefined, text);
        else {
          const retryable = response.status === 429 || response.status >= 500;
          failure = new UpstreamError(describeStatus(service, response.status, text), response.status, retryable, undefined, text);
          if (response.status === 429) retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
        }
      } catch (error) {
        if (init.signal?.aborted) throw error;
        const timedOut = (error as Error).name === 'TimeoutError';
        failure = new UpstreamError(
          timedOut
            ? `${service} did not answer within ${describeWait(init.timeoutMs ?? this.options.timeoutMs)}.`
            : `Could not reach ${service}: ${describeNetworkError(error)}.`,
          undefined,
          true,
          timedOut ? 'timeout' : 'network',
        );
      }
      if (!failure.retryable || attempt > retries) throw failure;
      if (retryAfterMs !== undefined && retryAfterMs > (this.options.maxRetryAfterMs ?? defaultMaxRetryAfterMs)) {
        throw new UpstreamError(`${service} asked us to wait ${Math.round(retryAfterMs / 1000)} s before the next request; try again later.`, 429);
      }
      const delayMs = retryAfterMs ?? backoffDelay(retry, attempt);
      this.options.onRetry?.({ url: redactKey(url), attempt, delayMs, reason: failure.message });
      await sleep(delayMs, undefined, init.signal ? { signal: init.signal } : undefined);
    }
  }
}

function describeStatus(service: string, status: number, body: string): string {
  const detail = body.replace(/\s+/g, ' ').trim().slice(0, 200);
  if (status === 429) return `${service} is limiting our request rate (HTTP 429).`;
  if (status >= 500) return `${service} had a server error (HTTP ${status})${detail ? `: ${detail}` : ''}.`;
  return `${service} refused the request (HTTP ${status})${detail ? `: ${detail}` : ''}.`;
}

/** A timeout as people read it: '100 ms', '30 s'. */
function describeWait(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

/** What went wrong on the network, in words an operator can act on, with the system's code kept for a search. */
export function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code;
  const words = code ? networkErrorWords[code] : undefined;
  if (words) return `${words} (${code})`;
  return code ?? cause?.message ?? (error as Error).message ?? String(error);
}

const networkErrorWords: Record<string, string> = {
  ENOTFOUND: "its host name could not be found; check this server's internet connection and DNS",
  EAI_AGAIN: "its host name could not be looked up just now; check this server's DNS",
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was cut',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: "its host cannot be reached from this server's network",
  ENETUNREACH: "the network is unreachable from this server",
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_SOCKET: 'the connection was cut',
};

/** API keys never reach logs. */
export function redactKey(url: string): string {
  return url.replace(/([?&](?:api_key|key)=)[^&]*/g, '$1***');
}
