import { expect } from 'chai';
import net from 'node:net';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';

/** Sends raw bytes and reads the whole answer: what node:http says to a request it cannot parse. */
function rawExchange(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks).toString('utf8'))).on('error', reject);
  });
}

describeWithDatabase('requests node:http cannot read', (context) => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp(context.db);
  });
  after(async () => app.stop());

  it('answers headers too large with 431 and a message saying to clear cookies', async () => {
    const response = await app.request('/api/health', { headers: { cookie: `crumbs=${'x'.repeat(20_000)}` } });
    expect(response.status).to.equal(431);
    expect(response.headers.get('content-type')).to.equal('application/problem+json');
    expect(response.body.message).to.match(/headers are too large.*clear this site's cookies/);
  });

  it('answers one very large header, not cookies, with a message naming such a header too', async () => {
    const response = await app.request('/api/public/banks', { headers: { 'x-api-key': 'k'.repeat(20_000) } });
    expect(response.status).to.equal(431);
    expect(response.body.message).to.equal(
      "The request's headers are too large: too many cookies for this site, or one very long header (such as an X-API-Key or Authorization value). In a browser, clear this site's cookies and try again; from a program, send shorter headers.",
    );
  });

  it('answers a request that is not HTTP with 400 and a JSON message', async () => {
    const answer = await rawExchange(app.url, 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n');
    expect(answer).to.match(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).to.include({ status: 400, message: 'The request could not be read: it is not well-formed HTTP.' });
  });

  it('still serves requests on other connections afterwards', async () => {
    await rawExchange(app.url, 'NOT HTTP AT ALL\r\n\r\n');
    expect((await app.request('/api/health')).status).to.equal(200);
  });
});
