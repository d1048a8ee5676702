import type Router from '@koa/router';
import type { Middleware } from 'koa';

/**
 * A method a path's routes do not take is answered 405, naming the ones they take in Allow, before
 * anything looks at the request: a form posted to a read-only route is a 405, not a 415 for its
 * body's type nor a 401 for its credentials. OPTIONS, a method no router implements (501) and a
 * path no route has (404) are left to the routers.
 */
export function allowedMethodsFirst(routers: readonly Router[]): Middleware {
  const implemented = new Set(routers.flatMap((router) => router.methods));
  return async (ctx, next) => {
    if (ctx.method === 'OPTIONS' || !implemented.has(ctx.method)) return next();
    const allowed = new Set<string>();
    for (const router of routers) {
      for (const layer of router.stack) {
        if (layer.methods.length === 0 || !layer.match(ctx.path)) continue;
        if (layer.methods.includes(ctx.method)) return next();
        for (const method of layer.methods) allowed.add(method);
      }
    }
    if (allowed.size === 0) return next();
    // errorMiddleware answers the 405 as problem details, as it does the routers' own.
    ctx.status = 405;
    ctx.set('Allow', [...allowed].join(', '));
  };
}
