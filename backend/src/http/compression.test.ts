import Router from '@koa/router';
import { expect } from 'chai';
import http from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import type { Feature } from '../services.ts';
import { sendReusedBody, type ReusedBody } from './compression.ts';

const rows = Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Row ${index}` }));
/** Past the size compressed in one synchronous call: goes to the thread pool. */
const manyRows = Array.from({ length: 5000 }, (_, index) => ({ id: index, name: `Row ${index}` }));

/** One answer sent again and again, as the answer cache sends a kept answer. */
const reused: ReusedBody = { text: JSON.stringify({ rows }), encoded: new Map() };

const answers: Feature = {
  name: 'answers',
  routes: () => {
    const router = new Router({ prefix: '/api/public-test' });
    router.get('/large', (ctx) => {
      ctx.body = { rows };
    });
    router.get('/large-text', (ctx) => {
      ctx.type = 'application/json';
      ctx.body = JSON.stringify({ rows });
    });
    router.get('/huge', (ctx) => {
      ctx.body = { rows: manyRows };
    });
    router.get('/reused', (ctx) => {
      sendReusedBody(ctx, reused);
    });
    router.get('/reused-then-changed', (ctx) => {
      sendReusedBody(ctx, reused);
      ctx.body = JSON.stringify({ changed: true, rows });
    });
    router.get('/small', (ctx) => {
      ctx.body = { ok: true };
    });
    return router;
  },
};

/** A raw GET, so the test (not the client) decides what encodings are accepted and sees the bytes sent. */
function get(url: string, acceptEncoding?: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describeWithDatabase('response compression', (context) => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp(context.db, { features: [answers] });
  });
  after(async () => app.stop());

  it('sends a large JSON answer, object or text, in brotli to a client that accepts it, even listed after gzip', async () => {
    for (const [path, expected] of [['/api/public-test/large', { rows }], ['/api/public-test/large-text', { rows }], ['/api/public-test/huge', { rows: manyRows }]] as const) {
      const response = await get(app.url + path, 'gzip, deflate, br');
      expect(response.headers['content-encoding']).to.equal('br');
      expect(response.headers['content-type']).to.match(/^application\/json/);
      expect(response.headers.vary).to.match(/accept-encoding/i);
      expect(JSON.parse(brotliDecompressSync(response.body).toString('utf8'))).to.deep.equal(expected);
      expect(response.body.length).to.be.lessThan(JSON.stringify(expected).length / 3);
    }
  });

  it('gzips a large JSON answer for a client that accepts gzip but not brotli', async () => {
    for (const path of ['/api/public-test/large', '/api/public-test/large-text', '/api/public-test/huge']) {
      const response = await get(app.url + path, 'gzip, deflate');
      expect(response.headers['content-encoding']).to.equal('gzip');
      expect(response.headers['content-type']).to.match(/^application\/json/);
      expect(response.headers.vary).to.match(/accept-encoding/i);
      const expected = path.endsWith('huge') ? { rows: manyRows } : { rows };
      expect(JSON.parse(gunzipSync(response.body).toString('utf8'))).to.deep.equal(expected);
      expect(response.body.length).to.be.lessThan(JSON.stringify(expected).length / 3);
    }
  });

  it('sends the answer as it is to a client that does not accept gzip, and small answers always', async () => {
    const plain = await get(`${app.url}/api/public-test/large`);
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(JSON.parse(plain.body.toString('utf8'))).to.deep.equal({ rows });
    const small = await get(`${app.url}/api/public-test/small`, 'gzip');
    expect(small.headers['content-encoding']).to.equal(undefined);
    expect(JSON.parse(small.body.toString('utf8'))).to.deep.equal({ ok: true });
  });

  it('compresses an answer sent again and again once per encoding, and sends the kept bytes after that', async () => {
    reused.encoded.clear();
    const first = await get(`${app.url}/api/public-test/reused`, 'br');
    expect(JSON.parse(brotliDecompressSync(first.body).toString('utf8'))).to.deep.equal({ rows });
    expect(reused.encoded.get('br')).to.deep.equal(first.body);
    // The kept form is what goes out: replaced here, the next answer carries the replacement.
    reused.encoded.set('br', brotliCompressSync(JSON.stringify({ kept: true })));
    const again = await get(`${app.url}/api/public-test/reused`, 'br');
    expect(JSON.parse(brotliDecompressSync(again.body).toString('utf8'))).to.deep.equal({ kept: true });
    const gzipped = await get(`${app.url}/api/public-test/reused`, 'gzip');
    expect(JSON.parse(gunzipSync(gzipped.body).toString('utf8'))).to.deep.equal({ rows });
    expect(reused.encoded.get('gzip')).to.deep.equal(gzipped.body);
  });

  it('compresses afresh an answer whose body a route changed after sending a reused one', async () => {
    const response = await get(`${app.url}/api/public-test/reused-then-changed`, 'br');
    expect(JSON.parse(brotliDecompressSync(response.body).toString('utf8'))).to.deep.equal({ changed: true, rows });
  });
});
