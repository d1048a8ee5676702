import { createSecretKey } from 'node:crypto';
import type { Middleware } from 'koa';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type { Knex } from 'knex';
import { UnauthorizedError } from '../http/errors.ts';
import { currentContext } from '../http/request-context.ts';
import { findUserById, type User } from './users.ts';

declare module 'koa' {
  interface DefaultState {
    user?: User;
  }
}

/** How long a signed-in user's record is reused without asking the database (users are never deleted or edited today). */
const userCacheMs = 30_000;
const userCacheLimit = 10_000;

/** user id -> user, for a few seconds: the guard runs on every API call and the row rarely changes. */
function userLookup(knex: Knex): (id: string) => Promise<User | undefined> {
  const entries = new Map<string, { user: User; expiresAt: number }>();
  return async (id) => {
    const now = Date.now();
    const entry = entries.get(id);
    if (entry && entry.expiresAt > now) return entry.user;
    const user = await findUserById(knex, id);
    // Unknown ids are not remembered, so a user created on another replica is found at once.
    if (user) {
      if (entries.size >= userCacheLimit) entries.clear();
      entries.set(id, { user, expiresAt: now + userCacheMs });
    } else {
      entries.delete(id);
    }
    return user;
  };
}

/**
 * Bearer-token guard built on passport-jwt. On success `ctx.state.user` is set and the user id is
 * stamped on the request context, so every event appended in this request carries it.
 */
export function requireUser(knex: Knex, secret: string): Middleware {
  const findUser = userLookup(knex);
  const authenticator = new passport.Passport();
  authenticator.use(
    new JwtStrategy(
      {
        jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
        // A key object, not the string: given a string, jsonwebtoken first tries (and fails) to
        // parse it as a PEM public key on every verification, which was most of a request's CPU.
        secretOrKey: createSecretKey(Buffer.from(secret)) as unknown as string,
        issuer: 'charterline',
        algorithms: ['HS256'],
      },
      (payload: { sub?: string }, done: (error: unknown, user?: User | false) => void) => {
        if (!payload.sub) return done(null, false);
        findUser(payload.sub).then((user) => done(null, user ?? false), done);
      },
    ),
  );

  return async (ctx, next) => {
    const user = await new Promise<User | false>((resolve, reject) => {
      authenticator.authenticate('jwt', { session: false }, (error: unknown, found: User | false) =>
        error ? reject(error) : resolve(found),
      )(ctx.req, ctx.res, reject);
    });
    if (!user) throw new UnauthorizedError('Your session has expired or is not valid. Please sign in again.');
    ctx.state.user = user;
    const context = currentContext();
    if (context) context.userId = user.id;
    await next();
  };
}

export function signedInUser(state: { user?: User }): User {
  if (!state.user) throw new UnauthorizedError();
  return state.user;
}
