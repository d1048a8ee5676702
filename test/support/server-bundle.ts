import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

let built = false;

/**
 * The path of the server bundle `npm start` runs (backend/dist/main.js), built from the current
 * sources once per test or bench process, so a test of "the server as it is started" runs that file.
 */
export function serverBundle(): string {
  if (!built) {
    execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/build-server.mjs', import.meta.url))], { stdio: 'inherit' });
    built = true;
  }
  return fileURLToPath(new URL('../../backend/dist/main.js', import.meta.url));
}
