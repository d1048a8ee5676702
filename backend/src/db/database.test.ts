import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { capturedLog } from '../../../test/support/captured-log.ts';
import { freePort } from '../../../test/support/free-port.ts';
import { openDatabase } from './database.ts';
import { StartupProblem } from '../startup/startup-problem.ts';

describe('the PostgreSQL connection pool', () => {
  it('logs a connection it cannot make as JSON lines, one per problem, not as a stack trace', async () => {
    const db = await openDatabase({ engine: 'postgres', url: `postgres://crm:s3cret-pw@127.0.0.1:${await freePort()}/crm` });
    const lines = await capturedLog(async () => {
      try {
        await db.knex.raw('select 1').then(
          () => expect.fail('the query reached a database'),
          (error: NodeJS.ErrnoException) => expect(error.code).to.equal('ECONNREFUSED'),
        );
      } finally {
        await db.close();
      }
    });
    expect(lines).to.not.be.empty;
    for (const line of lines) expect(() => JSON.parse(line), line).to.not.throw();
    expect(lines.join('\n')).to.not.include('s3cret-pw');
  });
});

describe('the embedded database folder', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-damaged-'))));
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a copy missing some of its files by naming the folder and what to do, and lets go of it', async () => {
    const db = await openDatabase({ engine: 'pglite', dataDir });
    await db.knex.raw('create table kept (id int)');
    await db.close();
    fs.rmSync(path.join(dataDir, 'pglite', 'global', 'pg_control'));

    const failure = await openDatabase({ engine: 'pglite', dataDir }).then(
      () => expect.fail('the damaged database opened'),
      (error: unknown) => error,
    );
    expect(failure).to.be.instanceOf(StartupProblem);
    expect((failure as Error).message).to.include(path.join(dataDir, 'pglite')).and.include('damaged or incomplete').and.include('taken with the server stopped');
    expect(fs.existsSync(path.join(dataDir, 'charterline.lock'))).to.equal(false);
  });
});
