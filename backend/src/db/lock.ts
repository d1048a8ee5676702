import fs from 'node:fs';
import path from 'node:path';
import { StartupProblem } from '../startup/startup-problem.ts';

export type DataDirLock = { release(): void };

/**
 * PGlite allows one process per data folder; a second one corrupts it silently.
 * A lock file with our pid guards it; a stale lock (its process is gone) is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = path.join(dataDir, 'charterline.lock');
  if (!tryCreate(lockPath)) {
    const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new StartupProblem(
        `The embedded database in ${dataDir} is in use by process ${holder} (probably a running Charterline server). ` +
          'Stop that server first (Ctrl+C in its terminal), then run this again.',
      );
    }
    fs.writeFileSync(lockPath, String(process.pid));
  }
  return {
    release() {
      try {
        if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
      } catch {
        // already gone
      }
    },
  };
}

function tryCreate(lockPath: string): boolean {
  try {
    fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
