import type Router from '@koa/router';
import Koa from 'koa';
import path from 'node:path';
import { requireUser } from './auth/authenticate.ts';
import { revocationsOf } from './auth/revocations.ts';
import { authRoutes } from './auth/routes.ts';
import { unsubscribeRoutePrefix } from './automation/unsubscribe-routes.ts';
import { jsonBody } from './http/body.ts';
import { allowedMethodsFirst } from './http/allowed-methods.ts';
import { compression } from './http/compression.ts';
import { requestContextMiddleware } from './http/context-middleware.ts';
import { errorMiddleware } from './http/errors.ts';
import { idempotency } from './http/idempotency.ts';
import { logger } from './logging/logger.ts';
import { projectRoot } from './project-root.ts';
import { requestAddressCheck } from './http/request-address.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serveFrontend } from './http/static-files.ts';
import type { AppServices, Feature } from './services.ts';

/** A contact CSV import sends the whole file: tens of thousands of rows. */
const importMaxBytes = 20_000_000;
const protectedPrefixes = ['/api/data', '/api/services', '/api/analyst', '/api/reports', '/api/auth/account'];
const frontendDist = path.join(projectRoot, 'frontend', 'dist');

/** One method and path pattern the app answers (e.g. `PUT /api/data/contacts/:id`). */
export type RouteEntry = { method: string; path: string };

const routeTables = new WeakMap<Koa, RouteEntry[]>();

/** Every route of an app built by createApp: what a sweep over the whole API walks. */
export function routeTable(app: Koa): RouteEntry[] {
  return routeTables.get(app) ?? [];
}

function routesOf(router: Router): RouteEntry[] {
  return router.stack.flatMap((layer) => layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path) })));
}

/** Builds the Koa app: cross-cutting middleware first, then every feature's routes. */
export function createApp(services: AppServices, features: Feature[]): Koa {
  const app = new Koa({ proxy: services.config.trustProxy });
  app.use(securityHeaders);
  app.use(requestContextMiddleware);
  app.use(errorMiddleware);
  app.use(requestAddressCheck);

  const revocations = revocationsOf(services.knex);
  const guard = requireUser(services.knex, services.jwtSecret, revocations);
  const auth = authRoutes({
    knex: services.knex,
    secret: services.jwtSecret,
    expiresInSeconds: services.config.jwtExpiresInSeconds,
    guard,
    revocations,
    signUpsPerHour: services.config.signUpsPerHour,
  });
  const featureRouters = features.flatMap((feature) => feature.routes?.(services) ?? []);
  app.use(allowedMethodsFirst([auth, ...featureRouters]));
  app.use(compression);
  app.use(jsonBody(services.config.maxBodyBytes, { '/api/data/contacts/import': importMaxBytes }, [unsubscribeRoutePrefix]));

  app.use(auth.routes()).use(auth.allowedMethods());
  app.use(async (ctx, next) => (protectedPrefixes.some((prefix) => ctx.path === prefix || ctx.path.startsWith(prefix + '/')) ? guard(ctx, next) : next()));
  app.use(idempotency(services.knex));
  for (const router of featureRouters) app.use(router.routes()).use(router.allowedMethods({ throw: false }));
  routeTables.set(app, [auth, ...featureRouters].flatMap(routesOf));
  app.use(serveFrontend(frontendDist));
  app.on('error', (error: NodeJS.ErrnoException) => {
    // a browser that navigates away mid-download is not a failure of ours
    if (['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE'].includes(error.code ?? '')) return;
    logger.error('response failed', { error: error.stack ?? String(error) });
  });
  return app;
}
