import { expect } from 'chai';
import { handleBatch } from './polling-worker.ts';

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
});
