import { raiseAuthError, readToken } from './session.ts';

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
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('Could not reach the server. Check your connection and try again.', 0, undefined);
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
export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const http = {
  get: <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) => apiJson<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiJson<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => apiJson<T>(path, { method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string) => apiJson<T>(path, { method: 'DELETE' }),
  /** A binary answer (the PDF report). */
  blob: async (path: string, options: RequestOptions = {}) => (await apiResponse(path, options)).blob(),
};
