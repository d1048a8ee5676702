import type { Middleware } from 'koa';
import { ZodError, type z } from 'zod';
import { Conflict, DomainError, NotFound, StaleVersion } from '../commands/errors.ts';
import { lostConnectionRetryPausesMs } from '../db/lost-connection-retries.ts';
import { logger } from '../logging/logger.ts';
import { currentContext } from '../context/request-context.ts';
import { EventStoreUnavailableError } from '../eventstore/types.ts';

/** An error whose message is safe and useful to show to the user. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class NotFoundError extends HttpError {
  constructor(what = 'Record') {
    super(404, `${what} not found.`);
  }
}

/** A bank that is not among the user's targets, where only a target will do (404). */
export class NotATargetError extends HttpError {
  constructor(cert: number | string) {
    super(404, `Bank ${cert} is not one of your targets.`);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Please sign in to continue.') {
    super(401, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(409, message, details);
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(400, message, details);
  }
}

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

/** Whether a request is for the API (answered in JSON) rather than the app's pages: `/api` itself too. */
export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** An error answer's body (RFC 9457 problem details, with the message also where clients look for it). */
export function problem(status: number, message: string) {
  return { type: 'about:blank', title: titles[status] ?? 'Error', status, detail: message, message, msg: message };
}

export function describeZodError(error: ZodError): { message: string; issues: Array<{ path: string; message: string }> } {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const message = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
  return { message: message || 'The request is not valid.', issues };
}

/** A request body read by `schema`, else 400: its first problem is the message, and `issues` names the field of each, so a screen can show it beside that field. */
export function parseOr400<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? 'The request is not valid.', { issues: describeZodError(parsed.error).issues });
  return parsed.data;
}

/**
 * The one place errors become HTTP answers: RFC 7807 problem details plus the `msg`/`message`
 * fields the screens read. Unknown errors are logged with the request id and answered without a stack.
 */
export const errorMiddleware: Middleware = async (ctx, next) => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && isApiPath(ctx.path)) {
      throw new HttpError(404, `No API route for ${ctx.method} ${ctx.path}.`);
    }
    // The router's own answer to a method a route has not is plain text; every other API error is JSON.
    if (ctx.status === 405 && ctx.body === undefined && isApiPath(ctx.path)) {
      throw new HttpError(405, `${ctx.path} does not take ${ctx.method}: it answers ${ctx.response.get('Allow') || 'other methods'}.`);
    }
    // Likewise its answer to a method no route anywhere takes (PROPFIND, PURGE, ...).
    if (ctx.status === 501 && ctx.body === undefined && isApiPath(ctx.path)) {
      throw new HttpError(501, `The API does not take the ${ctx.method} method.`);
    }
  } catch (raw) {
    const requestId = currentContext()?.requestId;
    let status = 500;
    let message = 'Something went wrong on our side. Please try again; if it keeps happening, quote the request id.';
    let extra: Record<string, unknown> = {};
    if (raw instanceof ZodError) {
      status = 400;
      const described = describeZodError(raw);
      message = described.message;
      extra = { issues: described.issues };
    } else if (raw instanceof HttpError) {
      status = raw.status;
      message = raw.message;
      extra = raw.details ?? {};
    } else if (raw instanceof DomainError) {
      status = domainErrorStatus(raw);
      message = raw.message;
      extra = raw.details ?? {};
    } else if (isKoaHttpError(raw)) {
      status = raw.status;
      message = raw.message;
    } else if (isDatabaseUnavailable(raw)) {
      // The database went away under the request (a restart, terminated connections): nothing was
      // half-done (a transaction dies whole with its connection), and a retry in a moment may work.
      status = 503;
      message = 'The database is not reachable right now. Please try again in a moment.';
      ctx.set('Retry-After', '1');
      logger.warn('database unavailable', { requestId, error: raw instanceof Error ? raw.message : String(raw) });
    } else if (raw instanceof EventStoreUnavailableError) {
      // EventStoreDB is down or restarting: the lists still answer from the read tables, but commands
      // and histories need it, and a retry once it is back works.
      status = 503;
      message = 'The event store is not reachable right now. Please try again in a moment.';
      ctx.set('Retry-After', '1');
      logger.warn('event store unavailable', { requestId, error: raw.message });
    } else {
      logger.error('unhandled error', { requestId, error: raw instanceof Error ? raw.stack : String(raw) });
    }
    ctx.status = status;
    ctx.type = 'application/problem+json';
    ctx.body = { ...problem(status, message), requestId, ...extra };
  }
};

/** The status of each kind of refused command; the rest (RuleBroken) are the user's to correct: 400. */
function domainErrorStatus(error: DomainError): number {
  if (error instanceof NotFound) return 404;
  if (error instanceof Conflict) return 409;
  if (error instanceof StaleVersion) return 412;
  return 400;
}

/**
 * Connection failures, an administrator's shutdown or termination, too many connections, and a
 * pool that cannot hand out a connection in time.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (/^(08|57P0)/.test(code) || ['53300', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT'].includes(code))) return true;
  return typeof message === 'string' && /Connection terminated|Client has encountered a connection error|Knex: Timeout acquiring a connection/.test(message);
}

/**
 * Reads what a command that took effect wrote, to answer it: a connection lost under the read (an
 * idle one terminated, a database restart) is tried again on another, after each of `pausesMs`, so
 * a write that happened is not answered 503, which would have the client send it twice.
 */
export async function readAfterCommit<T>(read: () => Promise<T>, pausesMs = lostConnectionRetryPausesMs): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= pausesMs.length || !isDatabaseUnavailable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, pausesMs[attempt]));
    }
  }
}

function isKoaHttpError(error: unknown): error is { status: number; message: string; expose: boolean } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    typeof (error as { status: unknown }).status === 'number' &&
    (error as { expose?: boolean }).expose === true
  );
}
