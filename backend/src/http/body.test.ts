import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import Koa from 'koa';
import { jsonBody } from './body.ts';
import { errorMiddleware } from './errors.ts';

/** Sends `parts` as a chunked body (no Content-Length, as a streaming client does); answers status and text. */
function postChunked(port: number, parts: Array<string | Buffer>, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ port, method: 'POST', path: '/', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...headers } }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    for (const part of parts) request.write(part);
    request.end();
  });
}

describe('JSON request bodies', () => {
  let server: http.Server;
  let port: number;
  const settled: string[] = [];
  before(async () => {
    const app = new Koa();
    app.silent = true; // the abandoned request's error is expected
    app.use(async (ctx, next) => {
      try {
        await next();
      } finally {
        settled.push(String(ctx.get('x-probe')));
      }
    });
    app.use(errorMiddleware);
    app.use(jsonBody(64));
    app.use((ctx) => {
      ctx.body = { received: ctx.request.body ?? null };
    });
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => server.close());

  it('reads a body sent in several chunks without a Content-Length', async () => {
    const answer = await postChunked(port, ['{"name":', '"Ergo', ' Bank"}']);
    expect(answer.status).to.equal(200);
    expect(JSON.parse(answer.text)).to.deep.equal({ received: { name: 'Ergo Bank' } });
  });

  it('answers 413 naming the limit when a chunked body grows past it', async () => {
    const answer = await postChunked(port, ['{"name":"', 'x'.repeat(40), 'y'.repeat(40), '"}']);
    expect(answer.status).to.equal(413);
    expect(answer.text).to.contain('larger than the 64 bytes allowed');
  });

  it('answers 400 for malformed JSON', async () => {
    const answer = await postChunked(port, ['{"name":']);
    expect(answer.status).to.equal(400);
    expect(answer.text).to.contain('not valid JSON');
  });

  it('refuses a body that is not a JSON object (a list, a text, a number, null) with 400 saying so', async () => {
    for (const body of ['[]', '[{"name":"Ergo Bank"}]', '"Ergo Bank"', '42', 'true', 'null']) {
      const answer = await postChunked(port, [body]);
      expect(answer.status, body).to.equal(400);
      expect(JSON.parse(answer.text).message, body).to.equal('The request body must be a JSON object.');
    }
  });

  it('refuses a compressed body with 415 naming its encoding, and takes one marked identity', async () => {
    const answer = await postChunked(port, [gzipSync('{"name":"Ergo Bank"}')], { 'content-encoding': 'gzip' });
    expect(answer.status).to.equal(415);
    expect(JSON.parse(answer.text).message).to.equal('Send the request body uncompressed: Content-Encoding "gzip" is not accepted.');
    expect((await postChunked(port, ['{"name":"Ergo Bank"}'], { 'content-encoding': 'identity' })).status).to.equal(200);
  });

  it('gives up on a body whose client goes away before sending all of it', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST / HTTP/1.1\r\nHost: x\r\nx-probe: abandoned\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"name":');
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    for (let wait = 0; wait < 50 && !settled.includes('abandoned'); wait += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).to.include('abandoned');
  });

  it('stays up when a client that sent too much goes away after its 413', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
    socket.write(`64\r\n${'x'.repeat(100)}\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write(`64\r\n${'y'.repeat(100)}\r\n`);
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await postChunked(port, ['{"name":"after"}'])).status).to.equal(200);
  });
});

describe('form request bodies', () => {
  let server: http.Server;
  let base: string;
  before(async () => {
    const app = new Koa();
    app.use(errorMiddleware);
    app.use(jsonBody(64, {}, ['/forms']));
    app.use((ctx) => {
      ctx.body = { received: ctx.request.body ?? null };
    });
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  const postForm = (path: string, body: string) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });

  it('reads a form posted under a path that takes forms as its fields', async () => {
    const answer = await postForm('/forms/token', 'List-Unsubscribe=One-Click');
    expect(answer.status).to.equal(200);
    expect(await answer.json()).to.deep.equal({ received: { 'List-Unsubscribe': 'One-Click' } });
  });

  it('refuses a form posted anywhere else with 415, and one past the size limit with 413', async () => {
    for (const path of ['/', '/formsx', '/other/forms']) {
      const answer = await postForm(path, 'List-Unsubscribe=One-Click');
      expect(answer.status, path).to.equal(415);
      expect(((await answer.json()) as { message: string }).message).to.equal('Send the request body as JSON (Content-Type: application/json).');
    }
    expect((await postForm('/forms/token', `field=${'x'.repeat(100)}`)).status).to.equal(413);
  });
});
