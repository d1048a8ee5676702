// `npm start` on a fresh clone: build the frontend once if there is no build yet (or it is older than its sources).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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
}
