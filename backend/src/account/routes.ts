import Router from '@koa/router';
import { z } from 'zod';
import { signedInUser } from '../auth/authenticate.ts';
import { passwordCheck, wrongCurrentPassword } from '../auth/password-check.ts';
import { parseOr400 } from '../http/errors.ts';
import type { AppServices } from '../services.ts';
import { closeAccount } from './delete-account.ts';

const deleteAccountBody = z.object({ password: z.string({ error: 'Enter your password to delete your account.' }).min(1, 'Enter your password to delete your account.').max(200, wrongCurrentPassword) }).strict();

/**
 * `DELETE /api/auth/account`: the signed-in user deletes their own account, after giving their
 * password again. Answers 202 at once: the account is closed, and its contacts are erased in the
 * background (`wakeErasure`).
 */
export function accountRoutes(services: AppServices, wakeErasure: () => void): Router {
  const router = new Router({ prefix: '/api/auth/account' });
  const requirePassword = passwordCheck(services.knex);

  router.delete('/', async (ctx) => {
    const user = signedInUser(ctx.state);
    const { password } = parseOr400(deleteAccountBody, ctx.request.body);
    await requirePassword(ctx, user.id, password, 'password');
    await closeAccount(services.knex, user.id);
    wakeErasure();
    ctx.status = 202;
    ctx.body = { deleted: true };
  });
  return router;
}
