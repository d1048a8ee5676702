import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { AttemptLimiter } from './rate-limit.ts';

describeWithDatabase('sign-in attempt limits', (context) => {
  let clock = 1_000_000;
  const now = () => clock;
  const key = () => `email:limit-${Math.random()}@example.com`;

  it('refuses a key after its allowance of failures until its window ends', async () => {
    const limiter = new AttemptLimiter(context.db.knex, 3, 60_000, now);
    const email = key();
    for (let failure = 0; failure < 2; failure += 1) await limiter.recordFailure(email);
    expect(await limiter.retryAfter(email)).to.equal(0);
    await limiter.recordFailure(email);
    clock += 15_000;
    expect(await limiter.retryAfter(email)).to.equal(45);
    clock += 45_000;
    expect(await limiter.retryAfter(email)).to.equal(0);
    await limiter.recordFailure(email);
    expect(await limiter.retryAfter(email), 'a new window counts from one').to.equal(0);
  });

  it('shares the count between server processes on the same database', async () => {
    const first = new AttemptLimiter(context.db.knex, 4, 60_000, now);
    const second = new AttemptLimiter(context.db.knex, 4, 60_000, now);
    const email = key();
    await Promise.all([first.recordFailure(email), second.recordFailure(email), first.recordFailure(email), second.recordFailure(email)]);
    expect(await first.retryAfter(email)).to.equal(60);
    expect(await second.retryAfter(email)).to.equal(60);
  });

  it('forgets a key after a success, and windows that ended', async () => {
    const limiter = new AttemptLimiter(context.db.knex, 2, 60_000, now);
    const email = key();
    const other = key();
    await limiter.recordFailure(email);
    await limiter.recordFailure(email);
    await limiter.reset(email);
    expect(await limiter.retryAfter(email)).to.equal(0);
    await limiter.recordFailure(other);
    clock += 60_000;
    await limiter.recordFailure(email);
    expect(await context.db.knex('auth_attempts').where({ key: other }).first()).to.equal(undefined);
  });
});
