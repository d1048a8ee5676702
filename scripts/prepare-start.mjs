// `npm start` on a fresh clone: install the dependencies when there are none, build the frontend
// once if there is no build yet (or it is older than its sources), and bundle the server. Node
// built-ins only until the install is done.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// npm writes node_modules/.package-lock.json at the end of an install: without it the install is missing or unfinished.
if (!fs.existsSync('node_modules/.package-lock.json')) {
  console.log('Installing dependencies (first start: npm ci, a minute or two)...');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}

const dist = 'frontend/dist/index.html';
function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}
const stale = !fs.existsSync(dist) || fs.statSync(dist).mtimeMs < newestSource('frontend/src');
if (stale) {
  console.log('Building the frontend (first start, or its sources changed)...');
  execSync('npm run build', { stdio: 'inherit' });
} else {
  // The server bundle alone takes well under a second: built on every start, it always matches the sources.
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
