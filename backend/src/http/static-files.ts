import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import { isApiPath } from './errors.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/**
 * Serves the built frontend. Hashed assets are cached for a year; index.html is not cached so a new
 * deploy is picked up. Unknown non-API paths outside assets/ get index.html (the app routes by hash anyway).
 */
export function serveFrontend(distDir: string): Middleware {
  const root = path.resolve(distDir);
  return async (ctx, next) => {
    if (isApiPath(ctx.path) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const requested = path.resolve(root, '.' + decodeURIComponent(ctx.path));
    const insideRoot = requested === root || requested.startsWith(root + path.sep);
    const found = insideRoot && fs.existsSync(requested) && fs.statSync(requested).isFile();
    // A build's code file that is not there (a page opened before a new deploy asks for the old one)
    // is a 404: answered the app page instead, the browser reads HTML as code and reports a type error.
    if (!found && ctx.path.startsWith('/assets/')) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = 'This file is not part of the current build of Charterline. Reload the page.';
      return;
    }
    let file = found ? requested : path.join(root, 'index.html');
    if (!fs.existsSync(file)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The frontend is not built yet. Run `npm run build`, or use `npm start`, which builds it.';
      return;
    }
    file = path.resolve(file);
    const extension = path.extname(file);
    ctx.type = types[extension] ?? 'application/octet-stream';
    ctx.set('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    const gzipped = file + '.gz';
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip' && fs.existsSync(gzipped)) {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = fs.createReadStream(gzipped);
      return;
    }
    ctx.body = fs.createReadStream(file);
  };
}
