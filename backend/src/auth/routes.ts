import Router from '@koa/router';
import type { Knex } from 'knex';
import { z } from 'zod';
import { BadRequestError, ConflictError, HttpError, UnauthorizedError } from '../http/errors.ts';
import { AttemptLimiter } from './rate-limit.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { signToken } from './tokens.ts';
import { createUser, EmailTakenError, findUserWithPasswordByEmail, normalisedEmail } from './users.ts';
import { requireUser, signedInUser } from './authenticate.ts';

const registerSchema = z
  .object({
    name: z.string({ error: 'Full name is required.' }).trim().min(1, 'Full name is required.').max(200),
    email: normalisedEmail,
    password: z
      .string({ error: 'Password is required.' })
      .min(8, 'Password must be at least 8 characters.')
      .max(200, 'Password must be at most 200 characters.'),
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

export type AuthOptions = { knex: Knex; secret: string; expiresIn: string };

export function authRoutes({ knex, secret, expiresIn }: AuthOptions): Router {
  const router = new Router({ prefix: '/api/auth' });
  const byEmail = new AttemptLimiter(knex, 10, 15 * 60_000);
  const byIp = new AttemptLimiter(knex, 100, 15 * 60_000);

  router.post('/register', async (ctx) => {
    const input = parseOr400(registerSchema, ctx.request.body);
    try {
      const user = await createUser(knex, { name: input.name, email: input.email, passwordHash: await hashPassword(input.password) });
      ctx.status = 201;
      ctx.body = { token: signToken(user, secret, expiresIn), user };
    } catch (error) {
      if (error instanceof EmailTakenError) throw new ConflictError('An account with this email already exists.');
      throw error;
    }
  });

  router.post('/login', async (ctx) => {
    const input = parseOr400(loginSchema, ctx.request.body);
    const emailKey = `email:${input.email}`;
    const ipKey = `ip:${ctx.ip}`;
    const wait = Math.max(await byEmail.retryAfter(emailKey), await byIp.retryAfter(ipKey));
    if (wait > 0) {
      ctx.set('Retry-After', String(wait));
      throw new HttpError(429, `Too many sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`);
    }
    const found = await findUserWithPasswordByEmail(knex, input.email);
    if (!found || !(await verifyPassword(input.password, found.passwordHash))) {
      await byEmail.recordFailure(emailKey);
      await byIp.recordFailure(ipKey);
      throw new UnauthorizedError('Invalid email or password.');
    }
    await byEmail.reset(emailKey);
    const { passwordHash: _hash, ...user } = found;
    ctx.body = { token: signToken(user, secret, expiresIn), user };
  });

  router.get('/me', requireUser(knex, secret), async (ctx) => {
    ctx.body = signedInUser(ctx.state);
  });

  return router;
}
