import { expect } from 'chai';
import { createPollingWorker, handleBatch } from './polling-worker.ts';

describe('polling worker', () => {
  it('counts only the items a batch handled, not those that failed', async () => {
    const failed: number[] = [];
    const handled = await handleBatch(
      [1, 2, 3, 4],
      2,
      async (item) => {
        if (item % 2 === 0) throw new Error(`item ${item} cannot be handled`);
      },
      (item) => failed.push(item),
    );
    expect(handled).to.equal(2);
    expect(failed.sort()).to.deep.equal([2, 4]);
  });
  it('lets the event loop run between rounds that found work, as rounds on the embedded database never wait on I/O', async () => {
    let rounds = 0;
    let roundsWhenOtherWorkRan: number | undefined;
    const finished = new Promise<void>((resolve) => {
      const worker = createPollingWorker({
        name: 'busy',
        pollIntervalMs: 60_000,
        round: async () => {
          rounds += 1;
          if (rounds < 200) return 1;
          void worker.stop().then(resolve);
          return 0;
        },
      });
      // Work the event loop already holds (an answer to send, a request to read) runs before the next round.
      setImmediate(() => (roundsWhenOtherWorkRan = rounds));
      worker.start();
    });
    await finished;
    expect(roundsWhenOtherWorkRan, 'other work ran while the rounds went on').to.equal(1);
  });
});
