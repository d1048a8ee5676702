import Router from '@koa/router';
import { z } from 'zod';
import { signedInUser } from '../auth/authenticate.ts';
import { passwordCheck } from '../auth/password-check.ts';
import { BadRequestError, UnauthorizedError } from '../http/errors.ts';
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
  const passwordIsRight = passwordCheck(services.knex);

  router.delete('/', async (ctx) => {
    const user = signedInUser(ctx.state);
    const parsed = deleteAccountBody.safeParse(ctx.request.body ?? {});
    if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? 'The request is not valid.');
    if (!(await passwordIsRight(ctx, user.id, parsed.data.password))) throw new UnauthorizedError('The password is not correct.');
    await closeAccount(services.knex, user.id);
    wakeErasure();
    ctx.status = 202;
    ctx.body = { deleted: true };
  });
  return router;
}
