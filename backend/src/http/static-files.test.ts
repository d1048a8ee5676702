import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import Koa from 'koa';
import { serveFrontend } from './static-files.ts';

describe('serving the built frontend', () => {
  let dist: string;
  let server: ReturnType<Koa['listen']>;
  let base: string;
  before(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Charterline</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'Page-abc123.js'), 'export default 1;');
    const app = new Koa().use(serveFrontend(dist));
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers a code file of the build as JavaScript, cached for good', async () => {
    const response = await fetch(`${base}/assets/Page-abc123.js`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^text\/javascript/);
    expect(response.headers.get('cache-control')).to.include('immutable');
  });

  it('answers a code file no longer in the build (a page open from before a new deploy) with 404, not the app page as if it were code', async () => {
    const response = await fetch(`${base}/assets/Page-old999.js`);
    expect(response.status).to.equal(404);
    expect(response.headers.get('content-type')).not.to.match(/html/);
    expect(response.headers.get('cache-control')).to.equal('no-store');
  });

  it('answers any other address with the app page, which routes by itself', async () => {
    for (const address of ['/', '/settings', '/outreach/targets']) {
      const response = await fetch(`${base}${address}`);
      expect(response.status, address).to.equal(200);
      expect(await response.text(), address).to.include('<title>Charterline</title>');
    }
  });
});
