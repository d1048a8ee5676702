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
 * A JSON text answered many times (a cached answer): its compressed forms are made once per
 * encoding and kept on it. A route sends it with `sendReusedBody`.
 */
export type ReusedBody = { text: string; encoded: Map<'br' | 'gzip', Buffer> };

const reusedBodies = new WeakMap<object, ReusedBody>();

/** Answers `ctx` with a reused body's text; the compression below then reuses its compressed form. */
export function sendReusedBody(ctx: { body: unknown; type: string; response: object }, body: ReusedBody): void {
  ctx.body = body.text;
  ctx.type = 'application/json';
  reusedBodies.set(ctx.response, body);
}

function compress(text: string, size: number, encoding: 'br' | 'gzip'): Buffer | Promise<Buffer> {
  if (encoding === 'br') return size <= synchronousBytes ? zlib.brotliCompressSync(text, brotliOptions(size)) : brotli(text, brotliOptions(size));
  return size <= synchronousBytes ? zlib.gzipSync(text, gzipOptions) : gzip(text, gzipOptions);
}

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
  const reused = reusedBodies.get(ctx.response);
  if (reused?.text === text) {
    let encoded = reused.encoded.get(encoding);
    if (!encoded) reused.encoded.set(encoding, (encoded = await compress(text, size, encoding)));
    ctx.body = encoded;
  } else {
    ctx.body = await compress(text, size, encoding);
  }
  ctx.type = type;
  ctx.set('Content-Encoding', encoding);
};
