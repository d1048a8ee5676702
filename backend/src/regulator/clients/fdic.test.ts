import { getEventListeners } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { FdicDouble } from '../../../../test/doubles/fdic-double.ts';
import { FdicClient, quarterEndsBackFrom, type FdicRecord } from './fdic.ts';
import { backoffDelay, parseRetryAfter, UpstreamError } from './http.ts';

const institutions: FdicRecord[] = Array.from({ length: 25 }, (_, index) => ({
  ID: String(1000 + index),
  CERT: 1000 + index,
  NAME: `Bank ${String(index).padStart(2, '0')}`,
  STALP: index % 2 ? 'IA' : 'TX',
  ACTIVE: index % 5 === 0 ? 0 : 1,
  ASSET: 1000 * (index + 1),
}));

function client(double: FdicDouble, options: Partial<ConstructorParameters<typeof FdicClient>[0]> = {}): FdicClient {
  return new FdicClient({ baseUrl: double.url, retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 5 }, requestsPerSecond: 0, ...options });
}

describe('FDIC BankFind client', () => {
  let double: FdicDouble;
  beforeEach(async () => {
    double = await new FdicDouble({ institutions }).start();
  });
  afterEach(() => double.stop());

  it('walks every page with limit and offset until meta.total is reached', async () => {
    const pages = [];
    for await (const page of client(double).pages('institutions', { filters: 'ACTIVE:1', sortBy: 'CERT', pageSize: 7 })) pages.push(page);
    expect(pages.map((page) => page.records.length)).to.deep.equal([7, 7, 6]);
    expect(pages.map((page) => page.offset)).to.deep.equal([0, 7, 14]);
    expect(pages.every((page) => page.total === 20)).to.equal(true);
    const certs = pages.flatMap((page) => page.records.map((record) => record.CERT));
    expect(certs).to.have.length(20);
    expect(new Set(certs).size).to.equal(20);
    expect(double.requests.map((request) => request.params.get('offset'))).to.deep.equal(['0', '7', '14']);
  });

  it("lets go of the caller's stop signal after each page, so a long walk leaves no listener on it", async () => {
    const stop = new AbortController();
    const pages = [];
    for await (const page of client(double).pages('institutions', { sortBy: 'CERT', pageSize: 2 }, { signal: stop.signal })) pages.push(page);
    expect(pages).to.have.length(13);
    expect(getEventListeners(stop.signal, 'abort')).to.have.length(0);
  });

  it('fails on a page that comes back empty while its meta.total says more records follow', async () => {
    const emptyPage = (answer: { status: number; body: string }) => ({ ...answer, body: JSON.stringify({ ...JSON.parse(answer.body), data: [] }) });
    double.inject({ rewrite: emptyPage, when: (request) => request.params.get('offset') === '7' });
    const seen: number[] = [];
    const walk = async () => {
      for await (const page of client(double).pages('institutions', { filters: 'ACTIVE:1', sortBy: 'CERT', pageSize: 7 })) seen.push(page.records.length);
    };
    const error = await walk().catch((caught: unknown) => caught);
    expect((error as Error).message).to.equal('FDIC BankFind sent an empty page of institutions at 7 of the 20 records it counts.');
    expect(seen).to.deep.equal([7]);
  });

  it('ends the walk where a total that shrank while it paged now ends', async () => {
    const shrunk = (answer: { status: number; body: string }) => {
      const json = JSON.parse(answer.body);
      return { ...answer, body: JSON.stringify({ ...json, meta: { ...json.meta, total: 7 }, data: [] }) };
    };
    double.inject({ rewrite: shrunk, when: (request) => request.params.get('offset') === '7' });
    const seen: number[] = [];
    for await (const page of client(double).pages('institutions', { filters: 'ACTIVE:1', sortBy: 'CERT', pageSize: 7 })) seen.push(page.records.length);
    expect(seen).to.deep.equal([7]);
  });

  it('asks again for a page that came cut short or as an HTML page, and names what came once the retries are spent', async () => {
    const cutShort = (answer: { status: number; body: string }) => ({ ...answer, body: answer.body.slice(0, 50) });
    double.inject({ rewrite: cutShort, when: (request) => request.params.get('offset') === '7' });
    const certs: unknown[] = [];
    for await (const page of client(double).pages('institutions', { filters: 'ACTIVE:1', sortBy: 'CERT', pageSize: 7 })) certs.push(...page.records.map((record) => record.CERT));
    expect(certs).to.have.length(20);
    expect(double.requests.map((request) => request.params.get('offset'))).to.deep.equal(['0', '7', '7', '14']);

    const maintenance = (answer: { status: number; body: string }) => ({ ...answer, body: '<!DOCTYPE html><html><head><title>Scheduled Maintenance</title></head></html>', contentType: 'text/html' });
    double.inject({ rewrite: maintenance, times: 4 });
    const error = await client(double).query('institutions').catch((caught: unknown) => caught);
    expect((error as Error).message).to.equal('FDIC BankFind answered institutions with something that is not JSON (an HTML page: Scheduled Maintenance).');
  });

  it('sends fields, filters, sort, search and the API key as query parameters', async () => {
    const page = await client(double, { apiKey: 'secret-key' }).query('institutions', {
      fields: ['CERT', 'NAME'],
      filters: 'STALP:IA AND ASSET:[5000 TO *]',
      search: 'NAME: Bank',
      sortBy: 'ASSET',
      sortOrder: 'DESC',
      limit: 3,
    });
    const params = double.requests[0].params;
    expect(params.get('api_key')).to.equal('secret-key');
    expect(params.get('fields')).to.equal('CERT,NAME');
    expect(params.get('sort_by')).to.equal('ASSET');
    expect(page.records.map((record) => record.CERT)).to.deep.equal([1023, 1021, 1019]);
    expect(Object.keys(page.records[0]).sort()).to.deep.equal(['CERT', 'ID', 'NAME']);
  });

  it('retries a 429 after the Retry-After the server asked for', async () => {
    double.inject({ status: 429, retryAfterSeconds: 1 });
    const retries: number[] = [];
    const page = await client(double, { onRetry: (event) => retries.push(event.delayMs) }).query('institutions', { limit: 5 });
    expect(page.records).to.have.length(5);
    expect(retries).to.deep.equal([1000]);
  });

  it('retries server errors and dropped connections with backoff, then succeeds', async () => {
    double.inject({ status: 500 });
    double.inject({ status: 503 });
    double.inject({ status: 0, dropConnection: true });
    const reasons: string[] = [];
    const page = await client(double, { onRetry: (event) => reasons.push(event.reason) }).query('institutions', { limit: 2 });
    expect(page.total).to.equal(25);
    expect(reasons).to.have.length(3);
    expect(reasons[0]).to.match(/server error \(HTTP 500\)/);
    expect(reasons[2]).to.match(/Could not reach FDIC BankFind/);
  });

  it('gives up with the last error once the retries are spent', async () => {
    double.inject({ status: 500, times: 10 });
    const error = await client(double).query('institutions').catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(UpstreamError);
    expect((error as UpstreamError).status).to.equal(500);
    expect(double.requests).to.have.length(4);
  });

  it('does not retry a request the API rejects as bad', async () => {
    const error = await client(double).query('institutions', { filters: 'STALP:(IA' }).catch((caught: unknown) => caught);
    expect((error as UpstreamError).status).to.equal(400);
    expect((error as Error).message).to.match(/refused the request \(HTTP 400\)/);
    expect(double.requests).to.have.length(1);
  });

  it('rejects an answer that is not the BankFind envelope', async () => {
    const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ CERT: 1 }] })));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const fdic = new FdicClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requestsPerSecond: 0 });
      const error = await fdic.query('institutions').catch((caught: unknown) => caught);
      expect((error as Error).message).to.match(/unexpected shape \(meta: /);
    } finally {
      server.close();
    }
  });

  it('times out a request that never answers and reports it unreachable', async () => {
    const server = http.createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const fdic = new FdicClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, timeoutMs: 100, retry: { retries: 0 }, requestsPerSecond: 0 });
      const error = await fdic.query('institutions').catch((caught: unknown) => caught);
      expect((error as Error).message).to.equal('FDIC BankFind did not answer within 100 ms.');
      const slower = new FdicClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, timeoutMs: 1500, retry: { retries: 0 }, requestsPerSecond: 0 });
      expect(((await slower.query('institutions').catch((caught: unknown) => caught)) as Error).message).to.equal('FDIC BankFind did not answer within 1.5 s.');
      expect(await fdic.isReachable(100)).to.equal(false);
      expect(await client(double).isReachable(1000)).to.equal(true);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('finds the latest report date by sorting financials on REPDTE', async () => {
    double.set('financials', [
      { ID: '1_20240630', CERT: 1, REPDTE: '20240630' },
      { ID: '1_20250930', CERT: 1, REPDTE: '20250930' },
      { ID: '1_20250630', CERT: 1, REPDTE: '20250630' },
    ]);
    expect(await client(double).latestReportDate()).to.equal('20250930');
  });
});

describe('FDIC client helpers', () => {
  it('lists quarter ends back from the latest report date across years', () => {
    expect(quarterEndsBackFrom('20250930', 5)).to.deep.equal(['20250930', '20250630', '20250331', '20241231', '20240930']);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('2')).to.equal(2000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).to.equal(5000);
    expect(parseRetryAfter(null)).to.equal(undefined);
    expect(parseRetryAfter('soon')).to.equal(undefined);
  });

  it('doubles the backoff per attempt up to the cap', () => {
    const policy = { retries: 5, baseDelayMs: 100, maxDelayMs: 1000 };
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(policy, attempt, middle))).to.deep.equal([100, 200, 400, 800, 1000]);
  });
});
