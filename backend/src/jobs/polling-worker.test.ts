import { expect } from 'chai';
import { capturedLog } from '../../../test/support/captured-log.ts';
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

  it('logs rounds failing the same way (a database down) once, not every round, and once more when they work again', async () => {
    const outcomes = ['down', 'down', 'down', 'down', 'ok', 'ok'];
    let rounds = 0;
    const lines = await capturedLog(async () => {
      await new Promise<void>((resolve) => {
        const worker = createPollingWorker({
          name: 'mail dispatcher',
          pollIntervalMs: 0,
          round: async () => {
            const outcome = outcomes[rounds++];
            if (rounds === outcomes.length) void worker.stop().then(resolve);
            if (outcome === 'down') throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
            return 0;
          },
        });
        worker.start();
      });
    });
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>).map(({ time: _time, sinceSeconds: _since, ...line }) => line)).to.deep.equal([
      { level: 'error', message: 'mail dispatcher round failed', error: 'connect ECONNREFUSED 127.0.0.1:5432' },
      { level: 'info', message: 'mail dispatcher rounds work again', failedRounds: 4 },
    ]);
  });
});
