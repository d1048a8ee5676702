import Koa from 'koa';
import { fileURLToPath } from 'node:url';
import { requireUser } from './auth/authenticate.ts';
import { authRoutes } from './auth/routes.ts';
import { jsonBody } from './http/body.ts';
import { compression } from './http/compression.ts';
import { requestContextMiddleware } from './http/context-middleware.ts';
import { errorMiddleware } from './http/errors.ts';
import { idempotency } from './http/idempotency.ts';
import { logger } from './http/logger.ts';
import { serveFrontend } from './http/static-files.ts';
import type { AppServices, Feature } from './services.ts';

/** A contact CSV import sends the whole file: tens of thousands of rows. */
const importMaxBytes = 20_000_000;
const protectedPrefixes = ['/api/data', '/api/services', '/api/analyst'];
const frontendDist = fileURLToPath(new URL('../../frontend/dist/', import.meta.url));

/** Builds the Koa app: cross-cutting middleware first, then every feature's routes. */
export function createApp(services: AppServices, features: Feature[]): Koa {
  const app = new Koa({ proxy: process.env.TRUST_PROXY === '1' });
  app.use(requestContextMiddleware);
  app.use(errorMiddleware);
  app.use(compression);
  app.use(jsonBody(services.config.maxBodyBytes, { '/api/data/contacts/import': importMaxBytes }));

  const auth = authRoutes({ knex: services.knex, secret: services.jwtSecret, expiresIn: services.config.jwtExpiresIn });
  app.use(auth.routes()).use(auth.allowedMethods());

  const guard = requireUser(services.knex, services.jwtSecret);
  app.use(async (ctx, next) => (protectedPrefixes.some((prefix) => ctx.path === prefix || ctx.path.startsWith(prefix + '/')) ? guard(ctx, next) : next()));
  app.use(idempotency(services.knex));

  for (const feature of features) {
    const routers = feature.routes?.(services) ?? [];
    for (const router of Array.isArray(routers) ? routers : [routers]) {
      app.use(router.routes()).use(router.allowedMethods({ throw: false }));
    }
  }
  app.use(serveFrontend(frontendDist));
  app.on('error', (error: NodeJS.ErrnoException) => {
    // a browser that navigates away mid-download is not a failure of ours
    if (['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE'].includes(error.code ?? '')) return;
    logger.error('response failed', { error: error.stack ?? String(error) });
  });
  return app;
}
