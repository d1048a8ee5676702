import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the double accepted, as Mailgun's form fields. */
export type MailgunMessage = { domain: string; fields: URLSearchParams; id: string };

/** What the double answers for the next sends instead of accepting them. */
export type MailgunFault = { status: number; retryAfterSeconds?: number; times?: number } | { hang: true; times?: number };

/**
 * Mailgun's HTTP API as documented: `POST /v3/{domain}/messages` (form fields, basic auth `api:<key>`)
 * answers `{ id: '<...@domain>', message: 'Queued. Thank you.' }`; `GET /v3/domains/{domain}` answers
 * `{ domain: { name, state } }`; a wrong key is 401 `Forbidden`, an unknown domain 404.
 */
export class MailgunDouble {
  readonly accepted: MailgunMessage[] = [];
  readonly attempts: Array<{ domain: string; status: number }> = [];
  private readonly faults: Array<MailgunFault & { remaining: number }> = [];
  private server?: http.Server;
  private counter = 0;
  url = '';

  constructor(
    readonly apiKey: string,
    readonly domains: Record<string, 'active' | 'unverified'>,
  ) {}

  inject(fault: MailgunFault): void {
    this.faults.push({ ...fault, remaining: fault.times ?? 1 });
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => this.answer(req, res, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
    const url = new URL(req.url ?? '/', 'http://double');
    const expected = `Basic ${Buffer.from(`api:${this.apiKey}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return json(401, { message: 'Invalid private key' });
    const domainMatch = /^\/v3\/domains\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && domainMatch) {
      const name = decodeURIComponent(domainMatch[1]);
      const state = this.domains[name];
      return state ? json(200, { domain: { name, state } }) : json(404, { message: 'Domain not found' });
    }
    const sendMatch = /^\/v3\/([^/]+)\/messages$/.exec(url.pathname);
    if (req.method === 'POST' && sendMatch) {
      const domain = decodeURIComponent(sendMatch[1]);
      const fault = this.faults.find((candidate) => candidate.remaining > 0);
      if (fault) {
        fault.remaining -= 1;
        if ('hang' in fault) return; // the request is taken and never answered
        this.attempts.push({ domain, status: fault.status });
        return json(fault.status, { message: fault.status === 429 ? 'Too many requests' : 'Bad request: to parameter is not a valid address' }, fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) });
      }
      if (!this.domains[domain]) {
        this.attempts.push({ domain, status: 404 });
        return json(404, { message: `Domain not found: ${domain}` });
      }
      const fields = new URLSearchParams(body);
      if (!fields.get('to') || !fields.get('from')) {
        this.attempts.push({ domain, status: 400 });
        return json(400, { message: "'to' parameter is missing" });
      }
      this.counter += 1;
      const id = `<20261125${String(this.counter).padStart(6, '0')}.double@${domain}>`;
      this.accepted.push({ domain, fields, id });
      this.attempts.push({ domain, status: 200 });
      return json(200, { id, message: 'Queued. Thank you.' });
    }
    json(404, { message: 'Not found' });
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}
