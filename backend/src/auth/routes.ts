import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import { z } from 'zod';
import { BadRequestError, ConflictError, HttpError, UnauthorizedError } from '../http/errors.ts';
import { AttemptLimiter } from './rate-limit.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { signToken } from './tokens.ts';
import { createUser, EmailTakenError, findUserWithPasswordByEmail, normalisedEmail } from './users.ts';
import { signedInUser } from './authenticate.ts';
import type { TokenRevocations } from './revocations.ts';

const registerSchema = z
  .object({
    name: z.string({ error: 'Full name is required.' }).trim().min(1, 'Full name is required.').max(200, 'Full name can be at most 200 characters.'),
    email: normalisedEmail,
    password: z
      .string({ error: 'Password is required.' })
      .min(8, 'Password must be at least 8 characters.')
      .max(200, 'Password must be at most 200 characters.')
      .refine((password) => /\S/.test(password), 'Password cannot be only spaces.'),
  })
  .strict();

const loginSchema = z
  .object({
    email: normalisedEmail,
    password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.'),
  })
  .strict();

function parseOr400<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? 'The request is not valid.');
  return parsed.data;
}

export type AuthOptions = {
  knex: Knex;
  secret: string;
  /** Session length. */
  expiresInSeconds: number;
  /** The bearer-token guard, shared with the rest of the API. */
  guard: Middleware;
  revocations: TokenRevocations;
  /** Accounts one client address may create per hour. */
  signUpsPerHour: number;
};

const tooManyAttempts = (ctx: Context, waitSeconds: number, what: string) => {
  ctx.set('Retry-After', String(waitSeconds));
  return new HttpError(429, `Too many ${what}. Try again in ${Math.ceil(waitSeconds / 60)} minute(s).`);
};

/** Compared against when the email is unknown, so a wrong email costs the same time as a wrong password. */
let unknownUserHash: Promise<string> | undefined;

export function authRoutes({ knex, secret, expiresInSeconds, guard, revocations, signUpsPerHour }: AuthOptions): Router {
  const router = new Router({ prefix: '/api/auth' });
  // Keyed by email AND client address: wrong passwords sent from elsewhere cannot lock the owner out.
  const byEmailAtAddress = new AttemptLimiter(knex, 10, 15 * 60_000);
  const byAddress = new AttemptLimiter(knex, 100, 15 * 60_000);
  const signUpsByAddress = new AttemptLimiter(knex, signUpsPerHour, 60 * 60_000);

  router.post('/register', async (ctx) => {
    const input = parseOr400(registerSchema, ctx.request.body);
    const wait = await signUpsByAddress.consume(`signup:${ctx.ip}`);
    if (wait > 0) throw tooManyAttempts(ctx, wait, 'accounts created from this address');
    try {
      const user = await createUser(knex, { name: input.name, email: input.email, passwordHash: await hashPassword(input.password) });
      ctx.status = 201;
      ctx.body = { token: signToken(user, secret, expiresInSeconds), user };
    } catch (error) {
      if (error instanceof EmailTakenError) throw new ConflictError('An account with this email already exists.');
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

  router.get('/me', guard, async (ctx) => {
    ctx.body = signedInUser(ctx.state);
  });

  /** Signing out revokes the token it was called with; other sessions of the user stay signed in. */
  router.post('/logout', guard, async (ctx) => {
    const session = ctx.state.sessionToken;
    if (session?.jti) await revocations.revoke(session.jti, session.expiresAt);
    ctx.status = 204;
  });

  return router;
}
