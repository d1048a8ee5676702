import type { Context } from 'koa';
import type { Knex } from 'knex';
import { BadRequestError } from '../http/errors.ts';
import { verifyPassword } from './passwords.ts';
import { AttemptLimiter, tooManyAttempts } from './rate-limit.ts';
import { findPasswordHash } from './users.ts';

/** What a wrong password answers wherever the signed-in user is asked for it again. */
export const wrongCurrentPassword = 'Your current password is not correct.';

/**
 * Checks the signed-in user's password again before a grave change (a new password, deleting the
 * account). Attempts count per user, against one allowance every such route shares and as large as
 * signing in allows: a stolen session must not become a way to guess the password. A wrong password
 * is a 400 naming the request's `field` (not 401: the session is fine, and the screens sign out on a
 * 401, so a typo would sign the user out); 429 once the allowance is used up.
 */
export function passwordCheck(knex: Knex): (ctx: Context, userId: string, password: string, field: string) => Promise<void> {
  const attempts = new AttemptLimiter(knex, 10, 15 * 60_000);
  return async (ctx, userId, password, field) => {
    const attemptKey = `password-check:${userId}`;
    const wait = await attempts.consume(attemptKey);
    if (wait > 0) throw tooManyAttempts(ctx, wait, 'password attempts');
    const passwordHash = await findPasswordHash(knex, userId);
    if (!passwordHash || !(await verifyPassword(password, passwordHash))) {
      throw new BadRequestError(wrongCurrentPassword, { issues: [{ path: field, message: wrongCurrentPassword }] });
    }
    await attempts.reset(attemptKey);
  };
}
