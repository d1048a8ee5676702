import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../support/free-port.ts';
import { runTool } from './run-tool.ts';

/** The message of the one log line a tool wrote before it exited with `exitCode`, as the server says it. */
function onlyMessage(run: { code: number | null; lines: string[] }, exitCode: number): string {
  expect(run.lines, run.lines.join('\n')).to.have.length(1);
  expect(run.code, run.lines.join('\n')).to.equal(exitCode);
  return (JSON.parse(run.lines[0]) as { message: string }).message;
}

describe('a command-line tool that cannot start', function () {
  this.timeout(120_000);
  let dataDir: string;
  let file: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'charterline-cli-start-'));
    file = path.join(dataDir, 'institutions.csv');
    writeFileSync(file, 'CERT,NAME\n1,First Bank\n');
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
  const tools = () => [
    ['npm run sync', ['scripts/sync.ts']],
    ['npm run import', ['scripts/import.ts', file]],
  ] as const;

  it('says in one line that EventStoreDB cannot be reached and exits 1, as the server does, from sync and import', async () => {
    const closedPort = await freePort();
    for (const [name, args] of tools()) {
      const run = await runTool([...args], { DATA_DIR: dataDir, EVENTSTORE_URL: `esdb://127.0.0.1:${closedPort}?tls=false` });
      expect(onlyMessage(run, 1), name).to.match(new RegExp(`^Could not reach EventStoreDB at esdb://127\\.0\\.0\\.1:${closedPort}\\?tls=false: .*\\. Start it, or correct EVENTSTORE_URL\\.$`));
    }
  });

  it('answers npm run reset-password without an email, or with one that is not an address, as a usage error (64), before opening the database', async () => {
    for (const args of [[], ['not an email']]) {
      const run = await runTool(['scripts/reset-password.ts', ...args], { DATA_DIR: dataDir });
      expect(run.code, run.lines.join('\n')).to.equal(64);
      expect(run.lines.at(-1)).to.match(/Usage: npm run reset-password -- <email>$/);
    }
  });

  it('says in one line which setting to correct and exits 78, as the server does, from sync and import', async () => {
    for (const [name, args] of tools()) {
      expect(onlyMessage(await runTool([...args], { DATA_DIR: dataDir, MAIL_DISPATCH: 'whatever' }), 78), name).to.equal('MAIL_DISPATCH must be one of auto, inline, worker.');
    }
  });

  it('says in one line that the worker needs DATABASE_URL and exits 78, as for any setting to correct', async () => {
    expect(onlyMessage(await runTool(['backend/src/worker.ts'], { DATA_DIR: dataDir }), 78)).to.equal(
      'The worker needs DATABASE_URL: the embedded database can only be opened by the web process, which then sends mail and runs projections itself.',
    );
  });
});
