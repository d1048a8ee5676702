import type { Middleware } from 'koa';
import { HttpError } from './errors.ts';

declare module 'koa' {
  interface Request {
    body?: unknown;
  }
}

/**
 * Reads JSON bodies with a size limit. Malformed JSON is a 400 and an oversized body a 413:
 * never a 500, and never a half-read request.
 */
export function jsonBody(maxBytes: number): Middleware {
  return async (ctx, next) => {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method)) return next();
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > maxBytes) throw new HttpError(413, `The request body is larger than the ${maxBytes} bytes allowed.`);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw new HttpError(413, `The request body is larger than the ${maxBytes} bytes allowed.`);
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (text.trim() === '') {
      ctx.request.body = undefined;
      return next();
    }
    if (!ctx.is('application/json', 'application/*+json')) {
      throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).');
    }
    try {
      ctx.request.body = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'The request body is not valid JSON.');
    }
    return next();
  };
}
