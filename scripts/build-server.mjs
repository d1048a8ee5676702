// Bundles the server, the worker and the command-line tools (backend/src/main.ts, backend/src/worker.ts,
// scripts/rebuild-projections.ts, import.ts, sync.ts, reset-password.ts and everything they import, migrations included)
// into backend/dist/, which `npm start` and the image run with plain Node. Running the TypeScript
// sources through tsx costs its loader thread and compiled copies of every module, about 50 MB of
// resident memory. Packages stay in node_modules. It takes well under a second, so every `npm start`
// builds afresh and the bundle is never older than the sources.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Writes backend/dist/main.js, worker.js, projections-rebuild.js, import.js, sync.js and reset-password.js (with source maps for `node --enable-source-maps`). */
export async function buildServer() {
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'backend/src/main.ts',
      worker: 'backend/src/worker.ts',
      // The command-line tools, for the image, which has no tsx to run their sources (devDependencies are pruned).
      'projections-rebuild': 'scripts/rebuild-projections.ts',
      import: 'scripts/import.ts',
      sync: 'scripts/sync.ts',
      'reset-password': 'scripts/reset-password.ts',
    },
    outdir: 'backend/dist',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
