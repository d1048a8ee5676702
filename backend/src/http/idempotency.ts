import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Context, Middleware } from 'koa';
import { createPollingWorker, type PollingWorker } from '../jobs/polling-worker.ts';
import type { AppServices, Feature } from '../services.ts';
import { HttpError } from './errors.ts';

const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const replayedHeaders = ['etag', 'content-range', 'location'];
/** A key whose first request died mid-way is taken over after this long. */
const abandonedAfterMs = 60_000;
/**
 * How long a key's answer is kept. The screens send a key with every create and update, so keys
 * are forgotten a day later (a retry comes within minutes); kept for ever, the table would grow
 * with every change a user ever made.
 */
export const idempotencyKeysKeptForMs = 24 * 60 * 60 * 1000;
const expiryBatch = 5_000;

/**
 * `Idempotency-Key` for signed-in mutating calls: the first request with a key runs and its answer
 * (2xx or 4xx) is stored; the same key again gets that answer back without running the command, so
 * events are appended once. The same key with a different request is refused (422).
 */
export function idempotency(knex: Knex): Middleware {
  return async (ctx, next) => {
    const key = ctx.get('idempotency-key');
    const userId = ctx.state.user?.id;
    if (!key || !userId || !mutating.has(ctx.method)) return next();
    if (key.length > 200) throw new HttpError(400, 'Idempotency-Key must be at most 200 characters.');
    const fingerprint = createHash('sha256')
      .update(`${ctx.method} ${ctx.path}\n${JSON.stringify(ctx.request.body ?? null)}`)
      .digest('hex');

    const claimed = await knex('idempotency_keys')
      .insert({ user_id: userId, key, request_fingerprint: fingerprint })
      .onConflict(['user_id', 'key'])
      .ignore()
      .returning('key');
    if (claimed.length === 0) {
      const stored = await knex('idempotency_keys').where({ user_id: userId, key }).first();
      if (stored.request_fingerprint !== fingerprint) {
        throw new HttpError(422, 'This Idempotency-Key was already used for a different request. Use a new key for a new request.');
      }
      if (stored.status !== null) {
        ctx.status = stored.status;
        for (const [name, value] of Object.entries((stored.headers ?? {}) as Record<string, string>)) ctx.set(name, value);
        markReplayed(ctx);
        ctx.body = stored.response ?? undefined;
        return;
      }
      const age = Date.now() - new Date(stored.created_at).getTime();
      if (age < abandonedAfterMs) {
        // Marked, so a client tells "not answered yet: keep the key" from a conflict that settled the request.
        throw new HttpError(409, 'This change is still being made (a request with the same Idempotency-Key is running). Try again in a moment.', { idempotencyKeyInUse: true });
      }
      await knex('idempotency_keys').where({ user_id: userId, key }).update({ created_at: knex.fn.now() });
    }

    try {
      await next();
    } catch (error) {
      await knex('idempotency_keys').where({ user_id: userId, key }).delete();
      throw error;
    }
    if (ctx.status >= 500) {
      await knex('idempotency_keys').where({ user_id: userId, key }).delete();
      return;
    }
    const headers = Object.fromEntries(replayedHeaders.filter((name) => ctx.response.get(name)).map((name) => [name, ctx.response.get(name)]));
    await knex('idempotency_keys')
      .where({ user_id: userId, key })
      .update({ status: ctx.status, response: JSON.stringify(ctx.body ?? null), headers });
  };
}

/**
 * The id of the record a create with an `Idempotency-Key` makes, derived from the user, the path and
 * the key (a version 8 uuid). A key's stored answer is forgotten when its request failed (5xx) and a
 * day later; a create that committed although it was answered 503 (its connection lost after the
 * write), sent again with its key, then names the same record and finds it made instead of making
 * a second. Undefined without a key or a signed-in user: the create takes a fresh id.
 */
export function idOfKeyedCreate(ctx: Context): string | undefined {
  const key = ctx.get('idempotency-key');
  const userId = ctx.state.user?.id;
  if (!key || !userId) return undefined;
  const hex = createHash('sha256').update(`${userId}\n${ctx.method} ${ctx.path}\n${key}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Marks an answer given again without running its command: a stored answer, or the record an earlier try of a keyed create made. */
export function markReplayed(ctx: Context): void {
  ctx.set('Idempotent-Replayed', 'true');
}

/** Forgets up to a batch of keys older than they are kept for; answers how many it forgot. */
export async function forgetExpiredIdempotencyKeys(knex: Knex, now = new Date()): Promise<number> {
  const expired = knex('idempotency_keys')
    .select('user_id', 'key')
    .where('created_at', '<', new Date(now.getTime() - idempotencyKeysKeptForMs))
    .limit(expiryBatch);
  return knex('idempotency_keys').whereIn(['user_id', 'key'], expired).delete();
}

const expiryWorkers = new Map<AppServices, PollingWorker>();

/** Forgets expired keys at start and every hour (in batches, one after the other while there are more). */
export const idempotencyKeyExpiryFeature: Feature = {
  name: 'idempotency-key-expiry',
  start(services) {
    const worker = createPollingWorker({ name: 'idempotency key expiry', pollIntervalMs: 60 * 60 * 1000, round: async () => ((await forgetExpiredIdempotencyKeys(services.knex)) === expiryBatch ? 1 : 0) });
    expiryWorkers.set(services, worker);
    worker.start();
  },
  async stop(services) {
    await expiryWorkers.get(services)?.stop();
    expiryWorkers.delete(services);
  },
};
