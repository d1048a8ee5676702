import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StartupProblem } from '../startup/startup-problem.ts';
import { acquireDataDirLock, currentBootId, startTimeOf } from './lock.ts';

/** Where Linux tells a process's start time and the boot; elsewhere a lock knows the pid alone. */
const procTellsStartTimes = fs.existsSync(`/proc/${process.ppid}/stat`) && fs.existsSync('/proc/sys/kernel/random/boot_id');

describe('the lock on an embedded database folder', () => {
  let dataDir: string;
  const lockPath = () => path.join(dataDir, 'charterline.lock');
  const holdAs = (holder: object | number) => fs.writeFileSync(lockPath(), typeof holder === 'number' ? String(holder) : JSON.stringify(holder));
  const startTimeOfParent = () => startTimeOf(process.ppid)!;
  const bootId = () => currentBootId()!;

  beforeEach(() => (dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-lock-'))));
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is taken and let go of, leaving no file behind', () => {
    const lock = acquireDataDirLock(dataDir);
    expect(JSON.parse(fs.readFileSync(lockPath(), 'utf8'))).to.include({ pid: process.pid });
    lock.release();
    expect(fs.existsSync(lockPath())).to.equal(false);
  });

  it('refuses a folder another running process holds, naming it, also when an older build wrote its pid alone', () => {
    for (const holder of [process.ppid, { pid: process.ppid }]) {
      holdAs(holder);
      expect(() => acquireDataDirLock(dataDir)).to.throw(StartupProblem, `is in use by process ${process.ppid}`);
    }
  });

  it('takes over a lock whose process is gone', () => {
    holdAs({ pid: 2 ** 22 + 1 });
    acquireDataDirLock(dataDir).release();
    expect(fs.existsSync(lockPath())).to.equal(false);
  });

  (procTellsStartTimes ? describe : describe.skip)('where the system tells when a process started', () => {
    it('refuses a lock held by the very process that runs under its pid', () => {
      holdAs({ pid: process.ppid, startedAt: startTimeOfParent(), bootId: bootId() });
      expect(() => acquireDataDirLock(dataDir)).to.throw(StartupProblem);
    });

    it('takes over a lock whose pid another program now has (a crash, then the pid reused)', () => {
      holdAs({ pid: process.ppid, startedAt: String(Number(startTimeOfParent()) + 1), bootId: bootId() });
      const lock = acquireDataDirLock(dataDir);
      expect(JSON.parse(fs.readFileSync(lockPath(), 'utf8'))).to.include({ pid: process.pid });
      lock.release();
    });

    it('takes over a lock written before the machine restarted, whatever runs under its pid now', () => {
      holdAs({ pid: process.ppid, startedAt: startTimeOfParent(), bootId: 'an-earlier-boot' });
      acquireDataDirLock(dataDir).release();
      expect(fs.existsSync(lockPath())).to.equal(false);
    });
  });
});
