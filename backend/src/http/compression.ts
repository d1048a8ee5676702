import type { Middleware } from 'koa';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
const minimumBytes = 1024;

/**
 * Gzips JSON and text answers of at least `minimumBytes` for clients that accept it (every browser
 * does). A list page of the Directory shrinks about ninefold, and the compression runs on libuv's
 * thread pool rather than the event loop. Streams (the built frontend, PDFs) are left alone: the
 * frontend ships pre-compressed files of its own.
 */
export const compression: Middleware = async (ctx, next) => {
  await next();
  const { body } = ctx;
  if (body === null || body === undefined || ctx.method === 'HEAD' || ctx.response.get('Content-Encoding')) return;
  if (typeof body !== 'string' && (Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function' || typeof body !== 'object')) return;
  if (!ctx.response.is('json', 'text')) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  ctx.vary('Accept-Encoding');
  if (Buffer.byteLength(text) < minimumBytes || ctx.acceptsEncodings('gzip', 'identity') !== 'gzip') return;
  const type = ctx.response.type;
  ctx.body = await gzip(text, { level: 1 });
  ctx.type = type;
  ctx.set('Content-Encoding', 'gzip');
};
