import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createUser } from '../../backend/src/auth/users.ts';
import { openDatabase } from '../../backend/src/db/database.ts';
import { migrateToLatest } from '../../backend/src/db/migrate.ts';
import { runTool } from './run-tool.ts';

/** Runs `npm run reset-password` to its exit. */
const resetPassword = (email: string, env: NodeJS.ProcessEnv) => runTool(['scripts/reset-password.ts', email], env);

describe('npm run reset-password', function () {
  this.timeout(120_000);
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'charterline-reset-cli-'));
    const db = await openDatabase({ engine: 'pglite', dataDir });
    try {
      await migrateToLatest(db.knex);
      await createUser(db.knex, { name: 'Locked Out', email: 'locked.out@example.com', passwordHash: 'not a real hash' });
    } finally {
      await db.close();
    }
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints a one-time link for the account, and says where it points when PUBLIC_URL is not set', async () => {
    const run = await resetPassword('Locked.Out@example.com', { DATA_DIR: dataDir, PORT: '5099' });
    expect(run.code, run.stderr.join('\n')).to.equal(0);
    expect(run.stdout).to.have.length(1);
    expect(run.stdout[0]).to.match(/^http:\/\/localhost:5099\/#\/reset-password\?token=[A-Za-z0-9_-]+$/);
    expect(run.stderr).to.deep.equal([
      'Give this link to the account owner: it sets a new password once, within one hour.',
      'The link opens Charterline at http://localhost:5099, as PUBLIC_URL is not set: if the owner reaches it at another address, set PUBLIC_URL to that address and run this again.',
    ]);
  });

  it('makes the link at PUBLIC_URL when it is set, saying nothing more', async () => {
    const run = await resetPassword('locked.out@example.com', { DATA_DIR: dataDir, PUBLIC_URL: 'https://crm.example.com' });
    expect(run.stdout[0]).to.match(/^https:\/\/crm\.example\.com\/#\/reset-password\?token=/);
    expect(run.stderr).to.deep.equal(['Give this link to the account owner: it sets a new password once, within one hour.']);
  });

  it('says so and exits 1 when no account signs in with the email', async () => {
    const run = await resetPassword('nobody@example.com', { DATA_DIR: dataDir });
    expect(run.code).to.equal(1);
    expect(run.stdout).to.deep.equal([]);
    expect(run.stderr).to.deep.equal(['No account signs in with nobody@example.com.']);
  });
});
