// Bundles the server and the worker (backend/src/main.ts, backend/src/worker.ts and everything they
// import, migrations included) into backend/dist/, which `npm start` and the image run with plain
// Node. Running the TypeScript sources through tsx costs its loader thread and compiled copies of
// every module, about 50 MB of resident memory. Packages stay in node_modules. It takes well under a
// second, so every `npm start` builds afresh and the bundle is never older than the sources.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Writes backend/dist/main.js and backend/dist/worker.js (with source maps for `node --enable-source-maps`). */
export async function buildServer() {
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'backend/src/main.ts', worker: 'backend/src/worker.ts' },
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
