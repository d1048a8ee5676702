import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { logger } from '../logging/logger.ts';
import { requestSource, runWithContext, sourceHeader } from '../context/request-context.ts';

const safeId = /^[A-Za-z0-9._:-]{1,100}$/;

/** Paths ending in a secret (an unsubscribe link's token), logged without it: whoever reads the log must not be able to act for a recipient. */
const pathsEndingInSecrets = ['/api/public/unsubscribe/'];

/** A request's path as the log keeps it. */
export function loggedPath(path: string): string {
  const prefix = pathsEndingInSecrets.find((start) => path.startsWith(start));
  return prefix ? `${prefix}[token]` : path;
}

/** Gives each request an id, a correlation id and a source, logs it, and runs the rest inside that context. */
export const requestContextMiddleware: Middleware = async (ctx, next) => {
  const incoming = ctx.get('x-request-id');
  const requestId = safeId.test(incoming) ? incoming : randomUUID();
  const correlation = ctx.get('x-correlation-id');
  const source = requestSource(ctx.path, ctx.get(sourceHeader));
  const started = performance.now();
  ctx.set('X-Request-Id', requestId);
  await runWithContext(
    { requestId, correlationId: safeId.test(correlation) ? correlation : requestId, source },
    async () => {
      try {
        await next();
      } finally {
        if (ctx.path.startsWith('/api/')) {
          logger.info('request', {
            requestId,
            method: ctx.method,
            path: loggedPath(ctx.path),
            status: ctx.status,
            ms: Math.round(performance.now() - started),
            userId: ctx.state.user?.id,
          });
        }
      }
    },
  );
};
