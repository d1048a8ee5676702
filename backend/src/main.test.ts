import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../test/support/free-port.ts';
import { emptyPostgresDatabase } from '../../test/support/database.ts';
import { serverBundle } from '../../test/support/server-bundle.ts';

/** Runs a bundle (the server, the worker) to its exit: its exit code and every line it wrote. */
async function runToExit(bundle: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; lines: string[] }> {
  const child = spawn(process.execPath, [bundle], { env: { PATH: process.env.PATH, HOST: '127.0.0.1', DEMO_DATA: 'never', PUBLIC_URL: 'https://crm.example.com', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  return { code, lines: output.split('\n').filter((line) => line.trim() !== '') };
}

/**
 * The one log line a process that could not start wrote: the sentence an operator reads. It exits
 * 78 for a setting to change, 1 for what may pass by itself (a database still starting).
 */
function onlyMessage(run: { code: number | null; lines: string[] }, exitCode = 78): string {
  expect(run.lines, run.lines.join('\n')).to.have.length(1);
  expect(run.code, run.lines.join('\n')).to.equal(exitCode);
  return (JSON.parse(run.lines[0]) as { message: string }).message;
}

describe('a server or worker that cannot start', function () {
  this.timeout(60_000);
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(path.join(tmpdir(), 'charterline-start-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
  const workerBundle = () => path.join(path.dirname(serverBundle()), 'worker.js');

  it('stops with one line naming the variable to correct, and never repeats its value', async () => {
    const run = await runToExit(serverBundle(), { DATA_DIR: dataDir, MAIL_DISPATCH: 'whatever', DATABASE_URL: 'mysql://crm:s3cret-pw@db.example.com/crm' });
    const message = onlyMessage(run);
    expect(message).to.include('MAIL_DISPATCH must be one of auto, inline, worker.').and.include('DATABASE_URL must be a full address');
    expect(message).to.not.include('s3cret-pw');
  });

  it('stops with one line when its port is in use', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const run = await runToExit(serverBundle(), { DATA_DIR: dataDir, PORT: String(port) });
      expect(onlyMessage(run)).to.equal(`Cannot listen on port ${port} on 127.0.0.1: another program (perhaps another Charterline) uses it. Stop that program or set PORT to a free port.`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('stops with one line when another running process holds its data folder', async () => {
    writeFileSync(path.join(dataDir, 'charterline.lock'), String(process.pid));
    const run = await runToExit(serverBundle(), { DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(onlyMessage(run)).to.match(/^The embedded database in .* is in use by process \d+ \(probably a running Charterline server\)\. Stop that server first/);
  });

  it('stops with one line when DATA_DIR is a file', async () => {
    const file = path.join(dataDir, 'not-a-folder');
    writeFileSync(file, '');
    const run = await runToExit(serverBundle(), { DATA_DIR: file, PORT: String(await freePort()) });
    expect(onlyMessage(run)).to.equal(`DATA_DIR (${file}) cannot be used: a file of that name is in the way. Set DATA_DIR to a folder this user can write.`);
  });

  for (const [name, bundle] of [['server', serverBundle], ['worker', workerBundle]] as const) {
    it(`stops the ${name} with one line, without the password, when DATABASE_URL points at no server`, async () => {
      const closedPort = await freePort();
      const run = await runToExit(bundle(), { DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: `postgres://crm:s3cret-pw@127.0.0.1:${closedPort}/crm` });
      expect(onlyMessage(run, 1)).to.equal(`PostgreSQL at 127.0.0.1:${closedPort} (DATABASE_URL) cannot be reached. Start it, or correct DATABASE_URL.`);
    });
  }
});

/** The pids of the server processes that logged they listen. */
const listeningPids = (lines: string[]) => new Set(lines.filter((line) => line.includes('"Charterline is listening"')).map((line) => JSON.parse(line).pid as number));

/** The server as `npm start` runs it, logging at info, its lines collected as it writes them. */
function startServerProcess(env: NodeJS.ProcessEnv) {
  const server = spawn(process.execPath, [serverBundle()], { env: { ...process.env, HOST: '127.0.0.1', DEMO_DATA: 'never', LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  server.stdout.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.split('\n')));
  server.stderr.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.split('\n')));
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  return {
    lines,
    /** Waits until its lines show `done`; fails saying `failure` when it exits first or takes over 90 s. */
    async until(done: (lines: string[]) => boolean, failure: string): Promise<void> {
      for (let waited = 0; !done(lines); waited += 100) {
        if (waited > 90_000 || server.exitCode !== null) throw new Error(`${failure}:\n${lines.join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    /** Stops it with SIGTERM; its exit code. */
    stop(): Promise<number | null> {
      server.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * The server as `npm start` runs it, several processes over one PostgreSQL database: WEB_CONCURRENCY
 * processes on one port, or servers started apart (the embedded database serves one process, so
 * this needs TEST_DATABASE_URL).
 */
describe('server processes sharing one PostgreSQL database', function () {
  this.timeout(120_000);
  let shared: Awaited<ReturnType<typeof emptyPostgresDatabase>> | undefined;

  before(async function () {
    if (!process.env.TEST_DATABASE_URL) return this.skip();
    shared = await emptyPostgresDatabase();
  });
  after(async () => {
    await shared?.drop();
  });

  it('serves one port from two processes that share sign-ins, runs the start-up work once and stops on SIGTERM', async () => {
    const port = await freePort();
    const server = startServerProcess({ DATABASE_URL: shared!.url, WEB_CONCURRENCY: '2', PORT: String(port) });
    const { lines } = server;
    try {
      await server.until((seen) => listeningPids(seen).size === 2, 'Two server processes did not start');
      const base = `http://127.0.0.1:${port}`;
      const registered = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Two Processes', email: 'two@example.com', password: 'long enough password' }),
      });
      expect(registered.status).to.equal(201);
      const { token } = (await registered.json()) as { token: string };
      // New connections are dealt to both processes: the token signed by one is valid in the other.
      for (let call = 0; call < 12; call += 1) {
        const me = await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}`, connection: 'close' } });
        expect(me.status).to.equal(200);
      }
      expect(lines.filter((line) => line.includes('the regulator mirror is empty'))).to.have.length(1);
    } finally {
      expect(await server.stop(), lines.join('\n')).to.equal(0);
    }
  });

  it('runs the first-start work in one of two servers started apart on one fresh database, the other saying it leaves it', async () => {
    const fresh = await emptyPostgresDatabase();
    const servers = [await freePort(), await freePort()].map((port) => startServerProcess({ DATABASE_URL: fresh.url, PORT: String(port), DEMO_DATA: 'always' }));
    const lines = () => servers.flatMap((server) => server.lines);
    try {
      // Each server, once listening, either loads the demo set or leaves the start-up work to the other.
      const decided = (seen: string[]) => seen.some((line) => line.includes('loading the demo data set') || line.includes('leaves it to that server'));
      for (const server of servers) await server.until((seen) => listeningPids(seen).size === 1 && decided(seen), 'A server did not start');
      expect(lines().filter((line) => line.includes('loading the demo data set (DEMO_DATA=always)')), lines().join('\n')).to.have.length(1);
      expect(lines().filter((line) => line.includes('"another Charterline server on this database runs the once-only start-up work')), lines().join('\n')).to.have.length(1);
    } finally {
      // Both stopped and the database dropped: a server left running would hold its transactions open.
      // How a server stops on SIGTERM is the first test's to judge; here only the start-up work is.
      await Promise.all(servers.map((server) => server.stop()));
      await fresh.drop();
    }
  });

  it('stops every server process, without starting them again, when the port is in use', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const run = await runToExit(serverBundle(), { DATABASE_URL: shared!.url, WEB_CONCURRENCY: '2', PORT: String(port) });
      // Both processes may fail to listen before the first failure stops the other: each says it, in the same words.
      const messages = new Set(run.lines.map((line) => (JSON.parse(line) as { message: string }).message));
      expect([...messages], run.lines.join('\n')).to.deep.equal([`Cannot listen on port ${port} on 127.0.0.1: another program (perhaps another Charterline) uses it. Stop that program or set PORT to a free port.`]);
      expect(run.lines.length, run.lines.join('\n')).to.be.at.most(2);
      expect(run.code, run.lines.join('\n')).to.equal(78);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
