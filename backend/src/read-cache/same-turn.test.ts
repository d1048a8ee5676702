import { expect } from 'chai';
import { SameTurnCalls } from './same-turn.ts';

describe('calls shared within one turn of the event loop', () => {
  it('makes one call for every caller of a key in the same turn, after the last of them asked', async () => {
    const started: string[] = [];
    let value = 0;
    const calls = new SameTurnCalls(async (key) => {
      started.push(key);
      return value;
    });
    const first = calls.get('ann');
    value = 1; // changed after the first caller asked, before the call starts: every caller sees it
    const second = calls.get('ann');
    const other = calls.get('bob');
    expect(await Promise.all([first, second, other])).to.deep.equal([1, 1, 1]);
    expect(started).to.deep.equal(['ann', 'bob']);
  });

  it('gives a caller arriving after the call started a call of its own', async () => {
    let calls = 0;
    let release!: () => void;
    const shared = new SameTurnCalls(async () => {
      calls += 1;
      if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
      return calls;
    });
    const early = shared.get('ann');
    await new Promise((resolve) => setImmediate(resolve)); // the first call has started and is waiting
    const late = shared.get('ann');
    release();
    expect(await early).to.equal(1);
    expect(await late).to.equal(2);
  });

  it('hands a failure to every caller of that call, and the next caller tries again', async () => {
    let attempts = 0;
    const calls = new SameTurnCalls(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('the database went away');
      return 'back';
    });
    const failures = await Promise.allSettled([calls.get('ann'), calls.get('ann')]);
    expect(failures.map((result) => result.status)).to.deep.equal(['rejected', 'rejected']);
    expect(await calls.get('ann')).to.equal('back');
  });
});
