import Router from '@koa/router';
import { z } from 'zod';
import { signedInUser } from '../auth/authenticate.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { AttemptLimiter } from '../auth/rate-limit.ts';
import { findPasswordHash } from '../auth/users.ts';
import { BadRequestError, HttpError, UnauthorizedError } from '../http/errors.ts';
import type { AppServices } from '../services.ts';
import { closeAccount } from './delete-account.ts';

const deleteAccountBody = z.object({ password: z.string({ error: 'Enter your password to delete your account.' }).min(1, 'Enter your password to delete your account.').max(200) }).strict();

/**
 * `DELETE /api/auth/account`: the signed-in user deletes their own account, after giving their
 * password again. Answers 202 at once: the account is closed, and its contacts are erased in the
 * background (`wakeErasure`).
 */
export function accountRoutes(services: AppServices, wakeErasure: () => void): Router {
  const router = new Router({ prefix: '/api/auth/account' });
  // A stolen session must not become a way to guess the password: as many tries as signing in allows.
  const attempts = new AttemptLimiter(services.knex, 10, 15 * 60_000);

  router.delete('/', async (ctx) => {
    const user = signedInUser(ctx.state);
    const parsed = deleteAccountBody.safeParse(ctx.request.body ?? {});
    if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? 'The request is not valid.');
    const attemptKey = `delete-account:${user.id}`;
    const wait = await attempts.consume(attemptKey);
    if (wait > 0) {
      ctx.set('Retry-After', String(wait));
      throw new HttpError(429, `Too many password attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`);
    }
    const passwordHash = await findPasswordHash(services.knex, user.id);
    if (!passwordHash || !(await verifyPassword(parsed.data.password, passwordHash))) throw new UnauthorizedError('The password is not correct.');
    await attempts.reset(attemptKey);
    await closeAccount(services.knex, user.id);
    wakeErasure();
    ctx.status = 202;
    ctx.body = { deleted: true };
  });
  return router;
}
