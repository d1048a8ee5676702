import type { Context } from 'koa';
import type { Knex } from 'knex';
import { verifyPassword } from './passwords.ts';
import { AttemptLimiter, tooManyAttempts } from './rate-limit.ts';
import { findPasswordHash } from './users.ts';

/**
 * Checks the signed-in user's password again before a grave change (a new password, deleting the
 * account). Attempts count per user, against one allowance every such route shares and as large as
 * signing in allows: a stolen session must not become a way to guess the password. Answers whether
 * the password is right; throws 429 once the allowance is used up.
 */
export function passwordCheck(knex: Knex): (ctx: Context, userId: string, password: string) => Promise<boolean> {
  const attempts = new AttemptLimiter(knex, 10, 15 * 60_000);
  return async (ctx, userId, password) => {
    const attemptKey = `password-check:${userId}`;
    const wait = await attempts.consume(attemptKey);
    if (wait > 0) throw tooManyAttempts(ctx, wait, 'password attempts');
    const passwordHash = await findPasswordHash(knex, userId);
    if (!passwordHash || !(await verifyPassword(password, passwordHash))) return false;
    await attempts.reset(attemptKey);
    return true;
  };
}
