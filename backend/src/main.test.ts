import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { freePort } from '../../test/support/free-port.ts';
import { serverBundle } from '../../test/support/server-bundle.ts';

/**
 * The server as `npm start` runs it, with WEB_CONCURRENCY: several processes on one port over
 * PostgreSQL (the embedded database serves one process, so this needs TEST_DATABASE_URL).
 */
describe('server processes (WEB_CONCURRENCY)', function () {
  this.timeout(120_000);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `charterline_t_${randomBytes(6).toString('hex')}`;
  const admin = () => knexFactory({ client: 'pg', connection: adminUrl!, pool: { min: 0, max: 1 } });

  before(async function () {
    if (!adminUrl) return this.skip();
    const knex = admin();
    await knex.raw('create database ??', [name]);
    await knex.destroy();
  });
  after(async () => {
    if (!adminUrl) return;
    const knex = admin();
    await knex.raw('drop database if exists ?? with (force)', [name]);
    await knex.destroy();
  });

  it('serves one port from two processes that share sign-ins, runs the start-up work once and stops on SIGTERM', async () => {
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const port = await freePort();
    const server = spawn(process.execPath, [serverBundle()], {
      env: { ...process.env, DATABASE_URL: url.toString(), WEB_CONCURRENCY: '2', PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: 'never', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    server.stdout.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.split('\n')));
    server.stderr.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.split('\n')));
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    try {
      const listening = () => new Set(lines.filter((line) => line.includes('"Charterline is listening"')).map((line) => JSON.parse(line).pid as number));
      for (let waited = 0; listening().size < 2; waited += 100) {
        if (waited > 90_000 || server.exitCode !== null) throw new Error(`Two server processes did not start:\n${lines.join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
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
      server.kill('SIGTERM');
      expect(await exited, lines.join('\n')).to.equal(0);
    }
  });
});
