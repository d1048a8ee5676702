import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../backend/src/db/database.ts';
import { migrateToLatest } from '../../backend/src/db/migrate.ts';
import { projections } from '../../projections/index.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('npm run projections:rebuild', function () {
  this.timeout(120_000);
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'charterline-rebuild-cli-'));
    const db = await openDatabase({ engine: 'pglite', dataDir });
    await migrateToLatest(db.knex);
    await db.close();
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a read model it does not know in one line naming those it knows, exit code 2', async () => {
    const cli = spawn(process.execPath, ['--import', 'tsx', 'scripts/rebuild-projections.ts', 'task'], { cwd: root, env: { PATH: process.env.PATH, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    cli.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    cli.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => cli.once('exit', (exitCode) => resolve(exitCode)));
    expect(code, output).to.equal(2);
    expect(output).to.equal(`Unknown projection(s): task. Known: ${projections.map((projection) => projection.name).join(', ')}\n`);
  });

  it('ends by itself on Ctrl+C (saying the read models are unchanged when it stopped them), recording the rebuild as ended', async () => {
    const cli = spawn(process.execPath, ['--import', 'tsx', 'scripts/rebuild-projections.ts'], { cwd: root, env: { PATH: process.env.PATH, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const exited = new Promise<number | null>((resolve) => cli.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve) => {
      const read = (chunk: string) => {
        output += chunk;
        // The progress bar's first line: the rebuild is claimed.
        if (output.includes('Rebuilding')) resolve();
      };
      cli.stdout.setEncoding('utf8').on('data', read);
      cli.stderr.setEncoding('utf8').on('data', read);
    });
    cli.kill('SIGINT');
    // Stopped between batches (1), or done before it looked (0): either way it ended by itself, not killed by the signal.
    const code = await exited;
    expect(code, output).to.be.oneOf([0, 1]);
    if (code === 1) expect(output).to.include('Rebuild stopped: the read models are as they were before it. Run it again to rebuild them.');
    const db = await openDatabase({ engine: 'pglite', dataDir });
    try {
      const run = await db.knex('projection_rebuilds').orderBy('id', 'desc').first('status', 'error');
      expect(run.status).to.be.oneOf(['complete', 'failed']);
      if (run.status === 'failed') expect(run.error).to.equal('Rebuild stopped: the read models are as they were before it. Run it again to rebuild them.');
    } finally {
      await db.close();
    }
  });
});
