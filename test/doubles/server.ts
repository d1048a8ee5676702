import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A failure a double answers instead of the real response, for the next `times` matching requests. */
export type Fault = {
  /** The HTTP status to answer with (ignored with holdUntil). */
  status?: number;
  /** Sent as the Retry-After header (seconds). */
  retryAfterSeconds?: number;
  /** How many matching requests fail; default 1. */
  times?: number;
  /** Which requests it applies to; default every request. */
  when?: (request: RecordedRequest) => boolean;
  /** Drop the connection without answering (a network error) instead of sending `status`. */
  dropConnection?: boolean;
  /** Hold the request until this settles, then answer it normally (keeps a job deterministically busy). */
  holdUntil?: Promise<unknown>;
  /** Answer what this makes of the normal answer (a page cut short, an empty page, a body that is not JSON). */
  rewrite?: (answer: Answer) => Answer;
};

export type RecordedRequest = { path: string; params: URLSearchParams; headers: http.IncomingHttpHeaders; faulted?: number };

/** What a double answers: a status, a body and, when it matters (redirects), extra headers. */
export type Answer = { status: number; body: string; contentType?: string; headers?: Record<string, string> };

/**
 * The plumbing every protocol double shares: a local HTTP server on a free port, a log of the
 * requests it saw, and faults injected on demand.
 */
export class DoubleServer {
  readonly requests: RecordedRequest[] = [];
  private readonly faults: Array<Fault & { remaining: number }> = [];
  private server?: http.Server;
  url = '';

  constructor(private readonly answer: (request: RecordedRequest) => Answer) {}

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://double');
      const recorded: RecordedRequest = { path: url.pathname, params: url.searchParams, headers: req.headers };
      this.requests.push(recorded);
      const fault = this.faults.find((candidate) => candidate.remaining > 0 && (!candidate.when || candidate.when(recorded)));
      if (fault?.holdUntil) {
        fault.remaining -= 1;
        const answer = () => {
          const { status, body, contentType = 'application/json', headers } = this.answer(recorded);
          if (!res.destroyed) res.writeHead(status, { 'content-type': contentType, ...headers }).end(body);
        };
        fault.holdUntil.then(answer, answer);
        return;
      }
      if (fault?.rewrite) {
        fault.remaining -= 1;
        const { status, body, contentType = 'application/json', headers } = fault.rewrite(this.answer(recorded));
        recorded.faulted = status;
        res.writeHead(status, { 'content-type': contentType, ...headers }).end(body);
        return;
      }
      if (fault) {
        fault.remaining -= 1;
        recorded.faulted = fault.status ?? 500;
        if (fault.dropConnection) {
          req.socket.destroy();
          return;
        }
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds);
        res.writeHead(recorded.faulted, headers).end(JSON.stringify({ error: recorded.faulted === 429 ? 'Too Many Requests' : 'Internal Server Error' }));
        return;
      }
      const { status, body, contentType = 'application/json', headers } = this.answer(recorded);
      res.writeHead(status, { 'content-type': contentType, ...headers }).end(body);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  inject(fault: Fault): void {
    this.faults.push({ ...fault, remaining: fault.times ?? 1 });
  }

  /** Requests that got a real answer (not an injected fault). */
  get answered(): RecordedRequest[] {
    return this.requests.filter((request) => request.faulted === undefined);
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

/**
 * A protocol double on its own `DoubleServer`: started and stopped, its requests recorded, faults
 * injected. A subclass answers each request, and says under which path its base URL lies.
 */
export abstract class HttpDouble {
  private readonly server = new DoubleServer((request) => this.answer(request));

  /** `basePath`: the path the real service's base URL ends with (`/banks`, `/v2`), kept so clients build the same paths. */
  constructor(private readonly basePath = '') {}

  async start(): Promise<this> {
    await this.server.start();
    return this;
  }

  /** The base URL to configure for the service the double stands in for. */
  get url(): string {
    return `${this.server.url}${this.basePath}`;
  }

  get requests(): RecordedRequest[] {
    return this.server.requests;
  }

  /** Requests that got a real answer (not an injected fault). */
  get answered(): RecordedRequest[] {
    return this.server.answered;
  }

  inject(fault: Fault): void {
    this.server.inject(fault);
  }

  /** Holds the next request matching `when` unanswered until the returned release is called, then answers it normally. */
  hold(when: (request: RecordedRequest) => boolean): () => void {
    let release!: () => void;
    this.inject({ holdUntil: new Promise<void>((resolve) => (release = resolve)), when });
    return release;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  protected abstract answer(request: RecordedRequest): Answer;
}
