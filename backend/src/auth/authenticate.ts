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

/**
 * Bearer-token guard built on passport-jwt. On success `ctx.state.user` is set and the user id is
 * stamped on the request context, so every event appended in this request carries it.
 */
export function requireUser(knex: Knex, secret: string): Middleware {
  const authenticator = new passport.Passport();
  authenticator.use(
    new JwtStrategy(
      {
        jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
        secretOrKey: secret,
        issuer: 'charterline',
        algorithms: ['HS256'],
      },
      (payload: { sub?: string }, done: (error: unknown, user?: User | false) => void) => {
        if (!payload.sub) return done(null, false);
        findUserById(knex, payload.sub).then((user) => done(null, user ?? false), done);
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
