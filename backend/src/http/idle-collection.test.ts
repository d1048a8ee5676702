import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectWhenIdle } from './idle-collection.ts';

const idleMs = 60;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('collecting memory once the server is idle', () => {
  let server: http.Server;
  let url: string;
  let release: () => void = () => undefined;
  beforeEach(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/slow') release = () => response.end('slow');
      else response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('collects once after requests stop, and not again while none come', async () => {
    let collections = 0;
    const idle = collectWhenIdle(server, { idleMs, collect: () => (collections += 1) });
    for (let index = 0; index < 3; index += 1) await (await fetch(url)).text();
    expect(collections).to.equal(0);
    await wait(idleMs * 3);
    expect(collections).to.equal(1);
    await wait(idleMs * 3);
    expect(collections).to.equal(1);
    await (await fetch(url)).text();
    await wait(idleMs * 3);
    expect(collections).to.equal(2);
    idle.stop();
  });

  it('does not collect while a request is still being answered', async () => {
    let collections = 0;
    const idle = collectWhenIdle(server, { idleMs, collect: () => (collections += 1) });
    await (await fetch(url)).text();
    const slow = fetch(`${url}/slow`).then((response) => response.text());
    await wait(idleMs * 3);
    expect(collections).to.equal(0);
    release();
    expect(await slow).to.equal('slow');
    await wait(idleMs * 3);
    expect(collections).to.equal(1);
    idle.stop();
  });

  it('collects nothing once stopped', async () => {
    let collections = 0;
    collectWhenIdle(server, { idleMs, collect: () => (collections += 1) }).stop();
    await (await fetch(url)).text();
    await wait(idleMs * 3);
    expect(collections).to.equal(0);
  });
});
