import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { AttemptLimiter } from './rate-limit.ts';

describeWithDatabase('attempt limits', (context) => {
  let clock = 1_000_000;
  const now = () => clock;
  const key = () => `email:limit-${Math.random()}@example.com`;

  it('refuses a key past its allowance until its window ends, then starts a new window', async () => {
    const limiter = new AttemptLimiter(context.db.knex, 3, 60_000, now);
    const email = key();
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await limiter.consume(email)).to.equal(0);
    clock += 15_000;
    expect(await limiter.consume(email)).to.equal(45);
    clock += 45_000;
    expect(await limiter.consume(email), 'a new window counts from one').to.equal(0);
  });

  it('lets exactly the allowance through when attempts race, across server processes', async () => {
    const first = new AttemptLimiter(context.db.knex, 4, 60_000, now);
    const second = new AttemptLimiter(context.db.knex, 4, 60_000, now);
    const email = key();
    const waits = await Promise.all(Array.from({ length: 12 }, (_, index) => (index % 2 ? first : second).consume(email)));
    expect(waits.filter((wait) => wait === 0)).to.have.length(4);
  });

  it('forgets a key after a reset, and gives back a refunded attempt', async () => {
    const limiter = new AttemptLimiter(context.db.knex, 2, 60_000, now);
    const email = key();
    await limiter.consume(email);
    await limiter.consume(email);
    await limiter.reset(email);
    expect(await limiter.consume(email)).to.equal(0);
    await limiter.refund(email);
    await limiter.consume(email);
    expect(await limiter.consume(email), 'the refunded attempt is free again').to.equal(0);
    expect(await limiter.consume(email)).to.be.greaterThan(0);
  });
});
