// CI: a fresh clone starts with one command. Clones this repository (its committed HEAD) into a
// temporary folder without node_modules, runs `npm start` there (which installs the dependencies,
// reusing npm's cache, and builds the frontend) and waits until /api/health answers.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const timeoutMs = Number(process.env.FRESH_CLONE_TIMEOUT_MS ?? 15 * 60_000);
const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-clone-'));
const clone = path.join(dir, 'charterline');

/** A port nobody listens on: the OS picks one, we let it go. */
const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone], { stdio: 'inherit' });
const port = await freePort();
console.log(`Cloned into ${clone}; running npm start on port ${port}...`);
const output = [];
// The embedded database and events store of a fresh clone, whatever this shell points at.
const { DATABASE_URL: _database, EVENTSTORE_URL: _eventStore, ...inherited } = process.env;
const child = spawn('npm', ['start'], {
  cwd: clone,
  detached: true, // its own process group, so the server npm starts goes with it
  env: {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'data'),
    DEMO_DATA: 'always', // no FDIC from CI: the labelled demo banks
    FDIC_API_URL: 'http://127.0.0.1:9',
    CENSUS_API_URL: 'http://127.0.0.1:9',
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const stream of [child.stdout, child.stderr]) {
  stream.on('data', (chunk) => {
    const text = chunk.toString();
    output.push(text);
    for (const line of text.split('\n')) if (/Installing dependencies|Building the frontend|listening|error/i.test(line)) console.log(`  [${seconds()}] ${line.trim()}`);
  });
}
let exited = null;
child.on('exit', (code) => (exited = code));

const signalGroup = (signal) => {
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false; // the whole group is gone
  }
};
const groupAlive = () => signalGroup(0);
/**
 * Stops the server and waits until every process npm started is gone (npm may exit before the server
 * it started): the server's database lives in the folder removed next. A first start still loading
 * its demo data may take long to stop; this check only needed it to answer, so it is killed after 15 s.
 */
const stop = async () => {
  signalGroup('SIGTERM');
  for (let waited = 0; groupAlive() && waited < 15_000; waited += 250) await new Promise((resolve) => setTimeout(resolve, 250));
  if (groupAlive()) signalGroup('SIGKILL');
  for (let waited = 0; groupAlive() && waited < 5_000; waited += 250) await new Promise((resolve) => setTimeout(resolve, 250));
};
let healthy = false;
while (!healthy && exited === null && Date.now() - started < timeoutMs) {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
    .then((response) => response.ok)
    .catch(() => false);
}
const answeredAfter = seconds();
await stop();
fs.rmSync(dir, { recursive: true, force: true });
if (healthy) {
  console.log(`A fresh clone started with npm start alone: /api/health answered after ${answeredAfter}.`);
  process.exit(0);
} else {
  console.error(exited !== null ? `npm start exited with code ${exited} after ${seconds()}:` : `/api/health did not answer within ${timeoutMs / 1000} s:`);
  console.error(output.join('').split('\n').slice(-40).join('\n'));
  process.exit(1);
}
