import type { Middleware } from 'koa';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
const minimumBytes = 1024;
/**
 * Answers up to this size are compressed in one synchronous call. For a list page (8-40 KB) that
 * holds the event loop for less time than handing the work to libuv's thread pool, whose stream
 * set-up and callbacks cost the event loop more than the compression itself (measured: 36 against
 * 45-70 microseconds for an 8 KB page). Larger answers go to the thread pool.
 */
const synchronousBytes = 64 * 1024;

const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
});
const gzipOptions: zlib.ZlibOptions = { level: 1 };

/**
 * Compresses JSON and text answers of at least `minimumBytes` for clients that accept it: brotli
 * at quality 1 where accepted (about as small as gzip's fastest level for two thirds of its CPU on
 * our list pages, measured), else gzip. A list page of the Directory shrinks about ninefold. Streams (the built frontend,
 * PDFs) are left alone: the frontend ships pre-compressed files of its own.
 */
export const compression: Middleware = async (ctx, next) => {
  await next();
  const { body } = ctx;
  if (body === null || body === undefined || ctx.method === 'HEAD' || ctx.response.get('Content-Encoding')) return;
  if (typeof body !== 'string' && (Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function' || typeof body !== 'object')) return;
  if (!ctx.response.is('json', 'text')) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  ctx.vary('Accept-Encoding');
  const size = Buffer.byteLength(text);
  if (size < minimumBytes) return;
  // Our preference, not the client's order: browsers list gzip first but take brotli.
  const encoding = ctx.acceptsEncodings('br') ? 'br' : ctx.acceptsEncodings('gzip') ? 'gzip' : null;
  if (!encoding) return;
  const type = ctx.response.type;
  if (encoding === 'br') ctx.body = size <= synchronousBytes ? zlib.brotliCompressSync(text, brotliOptions(size)) : await brotli(text, brotliOptions(size));
  else ctx.body = size <= synchronousBytes ? zlib.gzipSync(text, gzipOptions) : await gzip(text, gzipOptions);
  ctx.type = type;
  ctx.set('Content-Encoding', encoding);
};
