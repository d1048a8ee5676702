import { expect } from 'chai';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { deadlineSignal } from './deadline.ts';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a deadline signal', () => {
  it('fires after its time even when the garbage collector runs meanwhile', async () => {
    const outer = new AbortController();
    const signal = deadlineSignal(100, outer.signal);
    for (let round = 0; round < 4; round += 1) {
      collectGarbage();
      await wait(20);
    }
    await wait(200);
    expect(signal.aborted).to.equal(true);
    expect((signal.reason as Error).name).to.equal('TimeoutError');
  });

  it("fires when the caller gives up first, with the caller's reason", () => {
    const outer = new AbortController();
    const signal = deadlineSignal(60_000, outer.signal);
    expect(signal.aborted).to.equal(false);
    outer.abort('client gone');
    expect(signal.aborted).to.equal(true);
    expect(signal.reason).to.equal('client gone');
  });

  it('is aborted at once when the caller had already given up', () => {
    expect(deadlineSignal(60_000, AbortSignal.abort('gone')).aborted).to.equal(true);
  });
});
