import { createHmac, randomBytes } from 'node:crypto';
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

  /**
   * The body Mailgun posts to an event webhook about an accepted message: `signature` (timestamp,
   * a 50-character token, and the hex HMAC-SHA256 of both with the webhook signing key) beside
   * `event-data` carrying the message's user variables (`v:` fields) and Message-Id.
   */
  webhook(
    message: MailgunMessage,
    signingKey: string,
    event: { event: 'failed' | 'complained' | 'unsubscribed' | 'delivered'; severity?: 'permanent' | 'temporary'; reason?: string; code?: number; description?: string },
    options: { timestamp?: number; token?: string } = {},
  ) {
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const token = options.token ?? randomBytes(25).toString('hex');
    const userVariables = Object.fromEntries([...message.fields.entries()].filter(([name]) => name.startsWith('v:')).map(([name, value]) => [name.slice(2), value]));
    return {
      signature: { timestamp, token, signature: createHmac('sha256', signingKey).update(timestamp + token).digest('hex') },
      'event-data': {
        id: randomBytes(11).toString('base64url'),
        event: event.event,
        timestamp: Number(timestamp),
        recipient: message.fields.get('to'),
        ...(event.severity ? { severity: event.severity, reason: event.reason ?? 'bounce' } : {}),
        ...(event.event === 'failed' ? { 'delivery-status': { code: event.code ?? 550, description: event.description ?? 'No such mailbox', message: '' } } : {}),
        'user-variables': userVariables,
        message: { headers: { 'message-id': message.id.replace(/^<|>$/g, ''), to: message.fields.get('to'), subject: message.fields.get('subject') } },
      },
    };
  }

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
