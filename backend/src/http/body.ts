import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import { HttpError } from './errors.ts';
import { findUnstorableText } from './storable-text.ts';

declare module 'koa' {
  interface Request {
    body?: unknown;
  }
}

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(prefix + '/');

/**
 * Reads JSON bodies with a size limit. Malformed JSON, or JSON other than an object (every route
 * takes its fields by name), is a 400 and an oversized body a 413: never a 500, and never a
 * half-read request. Only the paths under `formsUnder` also take a form
 * (application/x-www-form-urlencoded), read as its fields: a mail program's one-click unsubscribe
 * (RFC 8058) posts one.
 */
export function jsonBody(defaultMaxBytes: number, largerUnder: Record<string, number> = {}, formsUnder: string[] = []): Middleware {
  return async (ctx, next) => {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method)) return next();
    // a few paths take whole files (a CSV import); every other path keeps the default limit
    const prefix = Object.keys(largerUnder).find((candidate) => isUnder(ctx.path, candidate));
    const maxBytes = prefix ? largerUnder[prefix] : defaultMaxBytes;
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > maxBytes) throw new HttpError(413, `The request body is larger than the ${maxBytes} bytes allowed.`);
    const text = await readText(ctx.req, maxBytes);
    if (text.trim() === '') {
      ctx.request.body = undefined;
      return next();
    }
    // Compressed bodies are not read: without this they failed as "not valid JSON", which misleads.
    const encoding = ctx.get('content-encoding').trim().toLowerCase();
    if (encoding !== '' && encoding !== 'identity') {
      throw new HttpError(415, `Send the request body uncompressed: Content-Encoding "${encoding}" is not accepted.`);
    }
    if (formsUnder.some((candidate) => isUnder(ctx.path, candidate)) && ctx.is('application/x-www-form-urlencoded')) {
      const fields = Object.fromEntries(new URLSearchParams(text));
      const problem = findUnstorableText(fields, 'request body');
      if (problem) throw new HttpError(400, problem);
      ctx.request.body = fields;
      return next();
    }
    if (!ctx.is('application/json', 'application/*+json')) {
      throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).');
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'The request body is not valid JSON.');
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'The request body must be a JSON object.');
    const problem = findUnstorableText(body, 'request body');
    if (problem) throw new HttpError(400, problem);
    ctx.request.body = body;
    return next();
  };
}

/**
 * The request body as text, refused past `maxBytes`. Read through the stream's events: an async
 * iterator over the request costs several promises per chunk on every POST.
 */
function readText(request: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        // The error listener stays: a client that then goes away must not raise an unheard 'error'.
        request.off('data', onData).off('end', onEnd);
        // Keep reading (and dropping) the rest, so the 413 can be sent on this connection.
        request.resume();
        reject(new HttpError(413, `The request body is larger than the ${maxBytes} bytes allowed.`));
      } else chunks.push(chunk);
    };
    const onEnd = () => resolve(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    // Also how a client that goes away mid-body ends the read (node:http reports it as 'aborted').
    const onError = (error: Error) => reject(error);
    request.on('data', onData).once('end', onEnd).once('error', onError);
  });
}
