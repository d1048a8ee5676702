import { connectionLost } from './connection.ts';
import { raiseAuthError, sendWithSession } from './session.ts';

/**
 * JSON over fetch for every non-react-admin call (services, analyst, auth): sends the bearer token,
 * turns error bodies into an ApiError carrying the server's `msg`/`message` (else 'API request failed') and raises the global sign-out on a 401.
 */

export const API_FAILED = 'API request failed';

/** Marks a call as made by the app's own screens, so the server stamps the changes it makes with source `ui`. */
export const SOURCE_HEADERS = { 'X-Charterline-Source': 'ui' } as const;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Why a call got no answer, in words: the browser knows it is offline, or else the server could not
 * be reached (down, restarting, or the connection dropped). A change may or may not have been made.
 */
export function unreachableText(): string {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'You are offline. Check your connection and try again.';
  return 'Could not reach the server. Check your connection and try again.';
}

/**
 * Whether a failed change's answer says if it was made: any answer but a failure of the server's own
 * (5xx) or "a request with this Idempotency-Key is still running". Without one, the change may or may
 * not have been made, and only the same change sent again with the same key can tell, safely.
 */
export function answerSettles(error: unknown): boolean {
  const { status, body } = (error ?? {}) as { status?: unknown; body?: { idempotencyKeyInUse?: unknown } };
  return typeof status === 'number' && status > 0 && status < 500 && body?.idempotencyKeyInUse !== true;
}

/** A random Idempotency-Key (crypto.randomUUID exists only on https and localhost pages; getRandomValues everywhere). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Changes sent whose answer has not settled them, each with its Idempotency-Key and, while on its way, its answer. */
const unsettledChanges = new Map<string, { key: string; answer?: Promise<unknown> }>();

/**
 * A change (`change` names it: method, address, body) that must not be made twice. One whose answer
 * never came (the network dropped, the server restarted) may have been made, so it keeps its
 * Idempotency-Key until an answer settles it: sending the same change again reuses the key, and the
 * server answers with the first answer instead of making it twice. The same change sent while it is
 * on its way (a double click, Enter pressed twice) waits for that answer instead of going again.
 */
export function sendChangeOnce<T>(change: string, send: (idempotencyKey: string) => Promise<T>): Promise<T> {
  let unsettled = unsettledChanges.get(change);
  if (!unsettled) {
    unsettled = { key: newIdempotencyKey() };
    unsettledChanges.set(change, unsettled);
  }
  if (unsettled.answer) return unsettled.answer as Promise<T>;
  const sent = unsettled;
  const answer = send(sent.key).then(
    (result) => {
      unsettledChanges.delete(change);
      return result;
    },
    (error: unknown) => {
      if (answerSettles(error)) unsettledChanges.delete(change);
      else sent.answer = undefined;
      throw error;
    },
  );
  sent.answer = answer;
  return answer;
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Auth calls (sign in, sign up) answer 401 for bad credentials: that is not a lost session. */
  skipAuthError?: boolean;
  /** A command that must not be made twice (mail, enrolments, an import): sent with `sendChangeOnce`. */
  once?: boolean;
};

/** `/api/...` path plus query string. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

/** The user-facing message of an error body: `msg`, else `message`, else the generic text. */
export function errorMessageOf(body: unknown): string {
  if (body && typeof body === 'object') {
    const { msg, message } = body as { msg?: unknown; message?: unknown };
    if (typeof msg === 'string' && msg.trim()) return msg;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return API_FAILED;
}

/** The raw Response of a successful call (for streams and files); throws ApiError otherwise. */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...SOURCE_HEADERS, ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const send = (token: string | null) =>
    fetch(apiUrl(path, options.query), { method: options.method ?? 'GET', headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers, body, signal: options.signal });
  let response: Response;
  try {
    response = await sendWithSession(send, (answer) => answer.status === 401);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    connectionLost();
    throw new ApiError(unreachableText(), 0, undefined);
  }
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (response.status === 401 && !options.skipAuthError) raiseAuthError({ change: (options.method ?? 'GET') !== 'GET' });
  throw new ApiError(errorMessageOf(parsed), response.status, parsed);
}

/** A JSON call; answers the parsed body (undefined for an empty answer). */
export function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const call = async (headers = options.headers) => {
    const text = await (await apiResponse(path, { ...options, headers })).text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
  if (!options.once) return call();
  const change = `${options.method ?? 'GET'} ${apiUrl(path, options.query)} ${JSON.stringify(options.body ?? null)}`;
  return sendChangeOnce(change, (idempotencyKey) => call({ ...options.headers, 'Idempotency-Key': idempotencyKey }));
}

export const http = {
  get: <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) => apiJson<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, options: Pick<RequestOptions, 'once'> = {}) => apiJson<T>(path, { method: 'POST', body: body ?? {}, ...options }),
  put: <T>(path: string, body?: unknown) => apiJson<T>(path, { method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string) => apiJson<T>(path, { method: 'DELETE' }),
  /** A binary answer (the PDF report). */
  blob: async (path: string, options: RequestOptions = {}) => (await apiResponse(path, options)).blob(),
};
