import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import type { Context } from 'koa';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { UnauthorizedError } from '../http/errors.ts';
import { requireUser, userCacheLimit } from './authenticate.ts';
import { hashPassword } from './passwords.ts';
import { TokenRevocations } from './revocations.ts';
import { signToken } from './tokens.ts';
import { createUser, replaceEmail, type User } from './users.ts';

describeWithDatabase('session guard', (context) => {
  const secret = 'a-session-guard-test-secret';

  it('refuses a signed-out token while the memory of verified tokens fills and is emptied', async function () {
    this.timeout(60_000);
    const { knex } = context.db;
    const user = await createUser(knex, { name: 'Guarded', email: `guarded-${Date.now()}@example.com`, passwordHash: await hashPassword('long enough password') });
    const revocations = new TokenRevocations(knex);
    const guard = requireUser(knex, secret, revocations);
    const passed: string[] = [];
    const call = (token: string) => {
      const ctx = { req: { headers: { authorization: `Bearer ${token}` } }, res: {}, state: {} } as unknown as Context;
      return guard(ctx, async () => void passed.push(token));
    };
    const signedOut = signToken(user, secret, 3_600);
    const { jti, exp } = jwt.decode(signedOut) as { jti: string; exp: number };
    await revocations.revoke(jti, new Date(exp * 1000));

    // the memory one token short of full: the signed-out token fills it, the next request empties it
    for (let index = 1; index < userCacheLimit; index += 1) await call(signToken(user, secret, 3_600));
    passed.length = 0;
    const fresh = signToken(user, secret, 3_600);
    const [refused, accepted] = await Promise.allSettled([call(signedOut), call(fresh)]);

    expect(refused.status).to.equal('rejected');
    expect((refused as PromiseRejectedResult).reason).to.be.instanceOf(UnauthorizedError);
    expect(accepted.status).to.equal('fulfilled');
    expect(passed).to.deep.equal([fresh]);
  });

  it('answers a user a route changed and told it about at once, not the one it remembered', async () => {
    const { knex } = context.db;
    const user = await createUser(knex, { name: 'Moving', email: `moving-${Date.now()}@example.com`, passwordHash: await hashPassword('long enough password') });
    const guard = requireUser(knex, secret, new TokenRevocations(knex));
    const token = signToken(user, secret, 3_600);
    const signedIn = async () => {
      const ctx = { req: { headers: { authorization: `Bearer ${token}` } }, res: {}, state: {} } as unknown as Context;
      await guard(ctx, async () => undefined);
      return (ctx.state as { user: User }).user;
    };
    expect((await signedIn()).email).to.equal(user.email);
    const changed = await replaceEmail(knex, user.id, `moved-${Date.now()}@example.com`);
    guard.rememberUser(changed);
    expect((await signedIn()).email).to.equal(changed.email);
  });
});
