import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's folder (the one holding package.json), found by walking up from this module:
 * the same answer whether the server runs from its sources or from its bundle in backend/dist.
 */
function findProjectRoot(): string {
  for (let folder = path.dirname(fileURLToPath(import.meta.url)); ; folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error('No package.json above the server code: run it from the repository.');
  }
}

export const projectRoot = findProjectRoot();
