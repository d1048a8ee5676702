import fs from 'node:fs';
import path from 'node:path';
import { StartupProblem } from '../startup/startup-problem.ts';

export type DataDirLock = { release(): void };

/**
 * Who holds a lock: the process id, and where the system tells it, when that process started and
 * since which boot. After a crash or a restart of the machine the same pid may belong to another
 * program; with its start time and boot the lock knows it is not that program.
 */
type LockHolder = { pid: number; startedAt?: string; bootId?: string };

/** This machine's boot, where the system tells it (Linux). */
export function currentBootId(): string | undefined {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** When a process started, in clock ticks since boot (Linux's /proc/<pid>/stat, field 22); undefined where not told. */
export function startTimeOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function thisProcess(): LockHolder {
  return { pid: process.pid, startedAt: startTimeOf(process.pid), bootId: currentBootId() };
}

/** The holder a lock file names; a lock written by an older build holds the pid alone. */
function readLockHolder(text: string): LockHolder | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const parsed = JSON.parse(trimmed) as Partial<LockHolder>;
    return Number.isInteger(parsed.pid) && parsed.pid! > 0 ? { pid: parsed.pid!, startedAt: parsed.startedAt, bootId: parsed.bootId } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the process a lock names still runs: the same pid, since the same boot, started at the same time. */
function isStillRunning(holder: LockHolder): boolean {
  const bootId = currentBootId();
  if (holder.bootId && bootId && holder.bootId !== bootId) return false;
  if (!isAlive(holder.pid)) return false;
  const startedAt = startTimeOf(holder.pid);
  return !(holder.startedAt && startedAt && holder.startedAt !== startedAt);
}

/**
 * PGlite allows one process per data folder; a second one corrupts it silently.
 * A lock file naming our process guards it; a stale lock (its process is gone) is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = path.join(dataDir, 'charterline.lock');
  const self = JSON.stringify(thisProcess());
  if (!tryCreate(lockPath, self)) {
    const holder = readLockHolder(fs.readFileSync(lockPath, 'utf8'));
    if (holder && holder.pid !== process.pid && isStillRunning(holder)) {
      throw new StartupProblem(
        `The embedded database in ${dataDir} is in use by process ${holder.pid} (probably a running Charterline server). ` +
          'Stop that server first (Ctrl+C in its terminal), then run this again.',
      );
    }
    fs.writeFileSync(lockPath, self);
  }
  return {
    release() {
      try {
        if (readLockHolder(fs.readFileSync(lockPath, 'utf8'))?.pid === process.pid) fs.unlinkSync(lockPath);
      } catch {
        // already gone
      }
    },
  };
}

function tryCreate(lockPath: string, content: string): boolean {
  try {
    fs.writeFileSync(lockPath, content, { flag: 'wx' });
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
