import Router from '@koa/router';
import { expect } from 'chai';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import type { Feature } from '../services.ts';

const rows = Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Row ${index}` }));
/** Past the size compressed in one synchronous call: goes to the thread pool. */
const manyRows = Array.from({ length: 5000 }, (_, index) => ({ id: index, name: `Row ${index}` }));

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
});
