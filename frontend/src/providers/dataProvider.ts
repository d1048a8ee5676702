import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider, type RaRecord, type UpdateParams } from 'react-admin';
import { connectionLost } from './connection.ts';
import { ApiError, sendChangeOnce, SOURCE_HEADERS, unreachableText } from './http.ts';
import { markUnsavedChange, raiseAuthError, sendWithSession } from './session.ts';
import { bankDetailApi } from '../bank-detail/api.ts';
import { onTheUsersCalendar } from './users-calendar.ts';
import { services, type Services } from './services.ts';

const API_BASE = '/api/data';

/**
 * ra-data-simple-rest's client with the bearer token; a 401 raises the global sign-out. A 400's
 * field messages (`issues: [{path, message}]`) are handed to react-admin as `body.errors`, so a
 * form shows each under its field.
 */
const httpClient: typeof fetchUtils.fetchJson = async (url, options = {}) => {
  const send = async (token: string | null) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(SOURCE_HEADERS)) headers.set(name, value);
    try {
      return { ok: true as const, answer: await fetchUtils.fetchJson(url, { ...options, headers }) };
    } catch (error) {
      return { ok: false as const, error };
    }
  };
  const outcome = await sendWithSession(send, (sent) => !sent.ok && (sent.error as { status?: number }).status === 401);
  if (outcome.ok) return outcome.answer;
  const { error } = outcome;
  // fetch itself failed: no answer came, so say so instead of the generic failure.
  if (error instanceof TypeError) {
    connectionLost();
    throw new ApiError(unreachableText(), 0, undefined);
  }
  if ((error as { status?: number }).status === 401) {
    const change = (options.method ?? 'GET') !== 'GET';
    if (change) markUnsavedChange(error);
    raiseAuthError({ change });
  }
  // The server's msg, else message, else the generic text.
  const body = (error as { body?: { msg?: string; message?: string; issues?: Array<{ path?: string; message?: string }>; errors?: unknown } }).body;
  if (error instanceof Error) error.message = body?.msg || body?.message || 'API request failed';
  if (body && Array.isArray(body.issues) && body.issues.length > 0 && !body.errors) {
    const errors: Record<string, string> = {};
    for (const issue of body.issues) {
      const field = String(issue.path ?? '').split('.')[0];
      if (field && issue.message && !errors[field]) errors[field] = issue.message;
    }
    body.errors = errors;
  }
  throw error;
};

/** One event of a record's history, as `GET /api/data/<resource>/<id>/history` answers it (oldest first). */
export type HistoryEntry = {
  version: number;
  type: string;
  occurredAt: string;
  user: { id: string | null; name: string | null };
  source: string;
  summary?: string;
  correlationId?: string;
  changes: Array<{ field: string; from: unknown; to: unknown }> | Record<string, unknown>;
};

/** A create or update, sent once until an answer settles it (see `sendChangeOnce`). */
function sendRecordChange(url: string, options: { method: 'POST' | 'PUT'; body: string; headers?: Headers }): ReturnType<typeof httpClient> {
  const change = `${options.method} ${url} ${options.headers?.get('If-Match') ?? ''} ${options.body}`;
  return sendChangeOnce(change, (idempotencyKey) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    headers.set('Idempotency-Key', idempotencyKey);
    return httpClient(url, { ...options, headers });
  });
}

const simpleRest = simpleRestProvider(API_BASE, httpClient);

const recordUrl = (resource: string, id: unknown) => `${API_BASE}/${resource}/${encodeURIComponent(String(id))}`;

export type CharterlineDataProvider = DataProvider &
  Services &
  typeof bankDetailApi & {
    /** A record's events, oldest first: who, when, what changed, from where. */
    history: (resource: string, id: string | number) => Promise<HistoryEntry[]>;
    /** Undoes a record's deletion: answers the record as it was when deleted. */
    restore: (resource: string, id: string | number) => Promise<RaRecord>;
  };

const alreadyGone = (error: unknown) => (error as { status?: number } | null)?.status === 404;

/**
 * The one way the screens load and change data: `/api/data` resources through react-admin's hooks,
 * and every other call as a method of this provider, called with
 * `useDataProvider<CharterlineDataProvider>()` inside TanStack's `useQuery`/`useMutation` (react-admin's
 * own query client), so caching, invalidation and a 401's sign-out work alike on every screen.
 * An update sends `If-Match` with the version the form was opened at, so a change made meanwhile
 * (another tab, a workflow) is answered 412 instead of being overwritten silently; saving over it
 * on purpose sends the version the user has now seen.
 */
export const dataProvider: CharterlineDataProvider = {
  ...simpleRest,
  getList: (resource, params) => simpleRest.getList(resource, { ...params, filter: onTheUsersCalendar(resource, params.filter) }),
  create: async (resource, params) => {
    const { json } = await sendRecordChange(`${API_BASE}/${resource}`, { method: 'POST', body: JSON.stringify(params.data) });
    return { data: json };
  },
  update: async (resource, params: UpdateParams) => {
    const headers = new Headers({ Accept: 'application/json' });
    const version = (params.previousData as { version?: unknown } | undefined)?.version;
    if (typeof version === 'number') headers.set('If-Match', `W/"${version}"`);
    const { json } = await sendRecordChange(recordUrl(resource, params.id), { method: 'PUT', body: JSON.stringify(params.data), headers });
    return { data: json };
  },
  // A record already gone (deleted in another tab) is what the user asked for: the screen says it is
  // deleted and loads its list again, instead of 'Task not found.' on a page of a record that is no more.
  delete: async (resource, params) => {
    try {
      return await simpleRest.delete(resource, params);
    } catch (error) {
      if (alreadyGone(error) && params.previousData) return { data: params.previousData };
      throw error;
    }
  },
  deleteMany: async (resource, params) => {
    await Promise.all(
      params.ids.map((id) =>
        simpleRest.delete(resource, { id }).catch((error: unknown) => {
          if (!alreadyGone(error)) throw error;
        }),
      ),
    );
    return { data: params.ids };
  },
  history: async (resource, id) => (await httpClient(`${recordUrl(resource, id)}/history`)).json as HistoryEntry[],
  restore: async (resource, id) => (await sendRecordChange(`${recordUrl(resource, id)}/restore`, { method: 'POST', body: '' })).json as RaRecord,
  ...services,
  ...bankDetailApi,
};
