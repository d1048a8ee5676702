import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Knex } from 'knex';
import { z } from 'zod';
import { accountEmail } from '../../../domain/account-email.ts';
import { accountPassword } from '../../../domain/account-password.ts';
import { BadRequestError, ConflictError, parseOr400, UnauthorizedError } from '../http/errors.ts';
import { credentialAnswers } from '../http/security-headers.ts';
import { replacePassword } from './password-change.ts';
import { passwordCheck, wrongCurrentPassword } from './password-check.ts';
import { addressAttempts, AttemptLimiter, tooManyAttempts } from './rate-limit.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { signToken } from './tokens.ts';
import { createUser, EmailTakenError, findUserById, findUserWithPasswordByEmail, replaceEmail } from './users.ts';
import { signedInUser, type UserGuard } from './authenticate.ts';
import type { TokenRevocations } from './revocations.ts';

const registerSchema = z
  .object({
    name: z.string({ error: 'Full name is required.' }).trim().min(1, 'Full name is required.').max(200, 'Full name can be at most 200 characters.'),
    email: accountEmail,
    password: accountPassword,
  })
  .strict();

const loginSchema = z
  .object({
    email: accountEmail,
    password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.'),
  })
  .strict();

/** The password a signed-in user gives again to change their account. */
const currentPassword = z.string({ error: 'Enter your current password.' }).min(1, 'Enter your current password.').max(200, wrongCurrentPassword);

const changePasswordSchema = z
  .object({ currentPassword, newPassword: accountPassword })
  .strict()
  .refine((input) => input.newPassword !== input.currentPassword, { message: 'Your new password must be different from your current one.', path: ['newPassword'] });

const changeEmailSchema = z.object({ currentPassword, newEmail: accountEmail }).strict();

/** What an email another account signs in with answers, at sign-up and when changing one's email. */
const emailTaken = 'An account with this email already exists.';
/** A change of email to the one the account already has is refused: it would change nothing. */
const sameEmail = 'Your new email must be different from your current one.';

export type AuthOptions = {
  knex: Knex;
  secret: string;
  /** Session length. */
  expiresInSeconds: number;
  /** The bearer-token guard, shared with the rest of the API. */
  guard: UserGuard;
  revocations: TokenRevocations;
  /** Accounts one client address may create per hour. */
  signUpsPerHour: number;
};

/** Compared against when the email is unknown, so a wrong email costs the same time as a wrong password. */
let unknownUserHash: Promise<string> | undefined;

export function authRoutes({ knex, secret, expiresInSeconds, guard, revocations, signUpsPerHour }: AuthOptions): Router {
  const router = new Router({ prefix: '/api/auth' });
  router.use(credentialAnswers);
  // Keyed by email AND client address: wrong passwords sent from elsewhere cannot lock the owner out.
  const byEmailAtAddress = new AttemptLimiter(knex, 10, 15 * 60_000);
  const byAddress = addressAttempts(knex);
  const signUpsByAddress = new AttemptLimiter(knex, signUpsPerHour, 60 * 60_000);
  const requirePassword = passwordCheck(knex);

  router.post('/register', async (ctx) => {
    const input = parseOr400(registerSchema, ctx.request.body);
    const wait = await signUpsByAddress.consume(`signup:${ctx.ip}`);
    if (wait > 0) throw tooManyAttempts(ctx, wait, 'accounts created from this address');
    try {
      const user = await createUser(knex, { name: input.name, email: input.email, passwordHash: await hashPassword(input.password) });
      ctx.status = 201;
      ctx.body = { token: signToken(user, secret, expiresInSeconds), user };
    } catch (error) {
      if (error instanceof EmailTakenError) throw new ConflictError(emailTaken);
      throw error;
    }
  });

  router.post('/login', async (ctx) => {
    const input = parseOr400(loginSchema, ctx.request.body);
    const pairKey = `email:${input.email}|ip:${ctx.ip}`;
    const addressKey = `ip:${ctx.ip}`;
    const wait = Math.max(await byAddress.consume(addressKey), await byEmailAtAddress.consume(pairKey));
    if (wait > 0) throw tooManyAttempts(ctx, wait, 'sign-in attempts');
    const found = await findUserWithPasswordByEmail(knex, input.email);
    unknownUserHash ??= hashPassword(randomUUID());
    const matches = await verifyPassword(input.password, found?.passwordHash ?? (await unknownUserHash));
    if (!found || !matches) throw new UnauthorizedError('Invalid email or password.');
    // A success uses up nothing: only failed attempts count against the allowances.
    await byEmailAtAddress.reset(pairKey);
    await byAddress.refund(addressKey);
    const { passwordHash: _hash, ...user } = found;
    ctx.body = { token: signToken(user, secret, expiresInSeconds), user };
  });

  /** Read afresh, not from the guard's memory: the screens take the signed-in user's name and email from here, and another server process may have just changed them. */
  router.get('/me', guard, async (ctx) => {
    const user = await findUserById(knex, signedInUser(ctx.state).id);
    if (!user) throw new UnauthorizedError();
    ctx.body = user;
  });

  /** Signing out revokes the token it was called with; other sessions of the user stay signed in. */
  router.post('/logout', guard, async (ctx) => {
    const session = ctx.state.sessionToken;
    if (session?.jti) await revocations.revoke(session.jti, session.expiresAt);
    ctx.status = 204;
  });

  /**
   * Changing one's password ends every other session of the user and answers a new token for the
   * caller's. API keys keep working: each was made on purpose for an integration, is listed in
   * Settings, API Access and deleted there one by one, and no password change should break them unseen.
   */
  router.post('/password', guard, async (ctx) => {
    const user = signedInUser(ctx.state);
    const input = parseOr400(changePasswordSchema, ctx.request.body);
    await requirePassword(ctx, user.id, input.currentPassword, 'currentPassword');
    const takesEffectAt = await replacePassword(knex, revocations, { userId: user.id, newPassword: input.newPassword, sessionSeconds: expiresInSeconds });
    ctx.body = { token: signToken(user, secret, expiresInSeconds, takesEffectAt), user };
  });

  /**
   * Changing the email one signs in with, after giving the password again: answers the updated user
   * and a new token for this session (a token names its user's email); other sessions stay signed in.
   */
  router.post('/email', guard, async (ctx) => {
    const user = signedInUser(ctx.state);
    const input = parseOr400(changeEmailSchema, ctx.request.body);
    if (input.newEmail === user.email) throw new BadRequestError(sameEmail, { issues: [{ path: 'newEmail', message: sameEmail }] });
    await requirePassword(ctx, user.id, input.currentPassword, 'currentPassword');
    try {
      const updated = await replaceEmail(knex, user.id, input.newEmail);
      guard.rememberUser(updated);
      ctx.body = { token: signToken(updated, secret, expiresInSeconds), user: updated };
    } catch (error) {
      if (error instanceof EmailTakenError) throw new ConflictError(emailTaken, { issues: [{ path: 'newEmail', message: emailTaken }] });
      throw error;
    }
  });

  return router;
}
