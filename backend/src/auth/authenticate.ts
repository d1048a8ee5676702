import { createSecretKey } from 'node:crypto';
import type { Middleware, ParameterizedContext } from 'koa';
import type { IncomingMessage } from 'node:http';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type { Knex } from 'knex';
import { UnauthorizedError } from '../http/errors.ts';
import { currentContext } from '../context/request-context.ts';
import type { TokenRevocations } from './revocations.ts';
import { findUserById, type User } from './users.ts';

/** The verified session token of a request: its id (for signing out), when it was issued (a password change ends the earlier ones) and when it expires. */
export type SessionToken = { jti?: string; issuedAt?: Date; expiresAt: Date };

declare module 'koa' {
  interface DefaultState {
    user?: User;
    sessionToken?: SessionToken;
  }
}

/** How long a signed-in user's record is reused before it is read again. */
const userCacheMs = 30_000;
/** Signed-in users, and verified tokens, remembered at most: past it the memory is emptied. */
export const userCacheLimit = 10_000;

/**
 * user id -> user: the guard runs on every API call and the row rarely changes. A user known for
 * longer than `userCacheMs` is answered as known while one lookup (shared by the requests that
 * arrive meanwhile) reads the row again, so no request waits for it. `remember` keeps a user this
 * process just changed (a new email); other processes see the change when they next read the row.
 */
function userLookup(knex: Knex): { find: (id: string) => Promise<User | undefined>; remember: (user: User) => void } {
  const entries = new Map<string, { user: User; expiresAt: number }>();
  const lookups = new Map<string, Promise<User | undefined>>();
  const keep = (user: User) => {
    if (entries.size >= userCacheLimit) entries.clear();
    entries.set(user.id, { user, expiresAt: Date.now() + userCacheMs });
  };
  const lookUp = (id: string) => {
    let lookup = lookups.get(id);
    if (!lookup) {
      lookup = findUserById(knex, id).then((user) => {
        // Unknown ids are not remembered, so a user created on another replica is found at once.
        if (user) keep(user);
        else entries.delete(id);
        return user;
      });
      const settled = () => lookups.delete(id);
      lookup.then(settled, settled);
      lookups.set(id, lookup);
    }
    return lookup;
  };
  return {
    async find(id) {
      const entry = entries.get(id);
      if (!entry) return lookUp(id);
      // A failed re-read keeps the known user; the next request past the expiry tries again.
      if (entry.expiresAt <= Date.now()) lookUp(id).catch(() => undefined);
      return entry.user;
    },
    remember: keep,
  };
}

/** The bearer-token guard, and how a route that changed the signed-in user's record tells it (so the next calls see the change). */
export type UserGuard = Middleware & { rememberUser: (user: User) => void };

/** How long a token passport verified is trusted again without checking its signature (never past its expiry). */
const verifiedTokenMs = 5 * 60_000;

/**
 * Bearer-token guard built on passport-jwt. On success `ctx.state.user` is set and the user id is
 * stamped on the request context, so every event appended in this request carries it.
 *
 * A token passport verified is remembered with the user it names until it expires (at most
 * `verifiedTokenMs`): verifying the same signature again on every call was a large part of a small
 * request's cost, and a token is immutable, so the answer cannot change before its expiry.
 */
export function requireUser(knex: Knex, secret: string, revocations: TokenRevocations): UserGuard {
  const { find: findUser, remember } = userLookup(knex);
  const verifiedTokens = new Map<string, { userId: string; until: number; session: SessionToken }>();
  const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();
  const authenticator = new passport.Passport();
  authenticator.use(
    new JwtStrategy(
      {
        jwtFromRequest: bearerToken,
        // A key object, not the string: given a string, jsonwebtoken first tries (and fails) to
        // parse it as a PEM public key on every verification, which was most of a request's CPU.
        secretOrKey: createSecretKey(Buffer.from(secret)) as unknown as string,
        issuer: 'charterline',
        algorithms: ['HS256'],
        passReqToCallback: true,
      },
      (request: IncomingMessage, payload: { sub?: string; iat?: number; exp?: number; jti?: string }, done: (error: unknown, user?: User | false, session?: SessionToken) => void) => {
        if (!payload.sub || !payload.exp) return done(null, false);
        const token = bearerToken(request);
        const session = { jti: payload.jti, issuedAt: payload.iat === undefined ? undefined : new Date(payload.iat * 1000), expiresAt: new Date(payload.exp * 1000) };
        if (token) {
          if (verifiedTokens.size >= userCacheLimit) verifiedTokens.clear();
          verifiedTokens.set(token, { userId: payload.sub, until: Math.min(payload.exp * 1000, Date.now() + verifiedTokenMs), session });
        }
        findUser(payload.sub).then((user) => done(null, user ?? false, session), done);
      },
    ),
  );

  /**
   * The token's user and session, as verified for this request: read again from the memory of
   * verified tokens after the user lookup, the session could be gone (the memory emptied when full
   * meanwhile), and a signed-out token was then let through unchecked and could not be signed out.
   */
  const verify = async (ctx: ParameterizedContext): Promise<{ user: User | false; session?: SessionToken }> => {
    const token = bearerToken(ctx.req);
    const known = token ? verifiedTokens.get(token) : undefined;
    if (known && known.until > Date.now()) return { user: (await findUser(known.userId)) ?? false, session: known.session };
    if (known) verifiedTokens.delete(token!);
    return new Promise((resolve, reject) => {
      authenticator.authenticate('jwt', { session: false }, (error: unknown, user: User | false, session?: SessionToken) => (error ? reject(error) : resolve({ user, session })))(ctx.req, ctx.res, reject);
    });
  };

  const guard: Middleware = async (ctx, next) => {
    const { user, session } = await verify(ctx);
    if (!user || !session || (await revocations.isSessionEnded(user.id, session))) {
      throw new UnauthorizedError('Your session has expired or is not valid. Please sign in again.');
    }
    ctx.state.user = user;
    ctx.state.sessionToken = session;
    const context = currentContext();
    if (context) context.userId = user.id;
    await next();
  };
  return Object.assign(guard, { rememberUser: remember });
}

export function signedInUser(state: { user?: User }): User {
  if (!state.user) throw new UnauthorizedError();
  return state.user;
}
