import Router from '@koa/router';
import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { countOf } from '../../../domain/format.ts';
import { HttpError, NotATargetError, UnauthorizedError } from '../http/errors.ts';
import { sentQueryParams } from '../http/query-params.ts';
import { currentContext } from '../context/request-context.ts';
import { cachedAnswer } from '../read-cache/answers.ts';
import type { AppServices } from '../services.ts';
import { revocationsOf, type TokenRevocations } from '../auth/revocations.ts';
import { addressAttempts, type AttemptLimiter, tooManyAttempts } from '../auth/rate-limit.ts';
import { hashApiKey } from './api-keys.ts';
import { openApiDocument } from './openapi.ts';
import { bankListQuerySchema, bankPathSchema, encodeListPlace, publicBankSchema } from './public-schemas.ts';

type KeyOwner = { keyId: string; userId: string };

/** A known key is trusted this long without asking the database again (a deleted key is forgotten at once in this process). */
const keyCacheMs = 10_000;
/** lastUsedAt is written at most this often per key: a busy key must not turn every read into a write. */
const lastUsedEveryMs = 60_000;

export type PublicApiKeys = {
  owner(key: string): Promise<KeyOwner | undefined>;
  /** Whether this process found the key known a moment ago (answered from memory by `owner`). */
  isKnown(key: string): boolean;
  forget(keyId: string): void;
};

export function publicApiKeys(knex: Knex): PublicApiKeys {
  const cache = new Map<string, { owner: KeyOwner; until: number }>();
  const lastWritten = new Map<string, number>();
  return {
    async owner(key) {
      const hash = hashApiKey(key);
      const now = Date.now();
      let entry = cache.get(hash);
      if (!entry || entry.until < now) {
        const row = await knex('api_keys').where({ key_hash: hash }).first('id', 'user_id');
        if (!row) {
          cache.delete(hash);
          return undefined;
        }
        if (cache.size > 10_000) cache.clear();
        entry = { owner: { keyId: row.id, userId: row.user_id }, until: now + keyCacheMs };
        cache.set(hash, entry);
      }
      if ((lastWritten.get(entry.owner.keyId) ?? 0) + lastUsedEveryMs <= now) {
        lastWritten.set(entry.owner.keyId, now);
        await knex('api_keys').where({ id: entry.owner.keyId }).update({ last_used_at: new Date(now) });
      }
      return entry.owner;
    },
    isKnown(key) {
      const entry = cache.get(hashApiKey(key));
      return entry !== undefined && entry.until >= Date.now();
    },
    forget(keyId) {
      for (const [hash, entry] of cache) if (entry.owner.keyId === keyId) cache.delete(hash);
      lastWritten.delete(keyId);
    },
  };
}

/**
 * Requests per key per minute, as a token bucket: a client may burst up to the limit, then gets 429
 * with Retry-After until tokens refill. Counted per process.
 */
export function perKeyRateLimit(requestsPerMinute: number) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refillPerMs = requestsPerMinute / 60_000;
  return (keyId: string): number | null => {
    const now = Date.now();
    const bucket = buckets.get(keyId) ?? { tokens: requestsPerMinute, at: now };
    bucket.tokens = Math.min(requestsPerMinute, bucket.tokens + (now - bucket.at) * refillPerMs);
    bucket.at = now;
    buckets.set(keyId, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return null;
    }
    return Math.ceil((1 - bucket.tokens) / refillPerMs / 1000);
  };
}

const UNKNOWN_KEY = 'Unknown API key: it may have been deleted in Settings, API Access. Create a new key there.';

function requireApiKey(keys: PublicApiKeys, limit: (keyId: string) => number | null, revocations: TokenRevocations, guesses: AttemptLimiter): Middleware {
  return async (ctx, next) => {
    // The key travels in X-API-Key, which shared caches (unlike for Authorization) do not treat as
    // private: without this, a proxy could serve one key's banks to another key asking the same URL.
    ctx.set('Cache-Control', 'no-store');
    const key = ctx.get('x-api-key').trim();
    if (!key) throw new UnauthorizedError('Missing API key: send it in the X-API-Key header.');
    // A key not known a moment ago counts against its client address's allowance (sign-in's) before it
    // is looked up, and is given back when it is right: wrong keys cannot be tried faster, in parallel
    // either, and an integration with a known key keeps working while its address is refused guesses.
    const guessKey = `api-key:ip:${ctx.ip}`;
    const counted = !keys.isKnown(key);
    if (counted) {
      const wait = await guesses.consume(guessKey);
      if (wait > 0) throw tooManyAttempts(ctx, wait, 'requests with an unknown API key from this address');
    }
    const owner = await keys.owner(key);
    // A key deleted in Settings reads as any unknown key; the message says where to look, for whoever keeps the integration.
    if (!owner || (await revocations.isEveryTokenOfRevoked(owner.userId))) throw new UnauthorizedError(UNKNOWN_KEY);
    if (counted) await guesses.refund(guessKey);
    const retryAfterSeconds = limit(owner.keyId);
    if (retryAfterSeconds !== null) {
      ctx.set('Retry-After', String(retryAfterSeconds));
      throw new HttpError(429, `Too many requests for this API key. Try again in ${countOf(retryAfterSeconds, 'second')}.`);
    }
    ctx.state.apiKeyOwner = owner;
    const context = currentContext();
    if (context) context.userId = owner.userId;
    await next();
  };
}

/** The key owner's targets with the newest quarter's figures; the regulator's record fills what the target lacks. */
function targetBanks(knex: Knex, userId: string) {
  return knex('targets as t')
    .leftJoin('fdic_institutions as i', 'i.cert', 't.cert')
    .leftJoin('fdic_financials as f', (join) => join.on('f.cert', '=', 't.cert').andOn('f.repdte', '=', knex.raw('(select max(repdte) from fdic_financials where cert = t.cert)')))
    .where('t.user_id', userId)
    .where('t.is_target', true)
    .select(
      't.cert',
      knex.raw('coalesce(i.name, t.name) as name'),
      knex.raw('coalesce(i.city, t.city) as city'),
      knex.raw('coalesce(i.state, t.state) as state'),
      knex.raw('coalesce(i.zip, t.zip) as zip'),
      knex.raw('coalesce(i.address, t.address) as address'),
      knex.raw('coalesce(t.website, i.website) as website'),
      knex.raw('coalesce(f.assets, i.assets) as assets'),
      knex.raw('coalesce(f.deposits, i.deposits) as deposits'),
      'i.offices',
      'i.regulator',
      knex.raw('coalesce(f.roa, i.roa) as roa'),
      'f.npl_ratio',
      'f.net_interest_margin',
    );
}

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function publicBank(row: Record<string, any>) {
  return publicBankSchema.parse({
    id: row.cert,
    cert: row.cert,
    name: row.name,
    city: row.city ?? null,
    state: row.state ?? null,
    zip: row.zip ?? null,
    address: row.address ?? null,
    website: row.website ?? null,
    assets: numberOrNull(row.assets),
    deposits: numberOrNull(row.deposits),
    officeCount: numberOrNull(row.offices),
    regulator: row.regulator ?? null,
    roa: numberOrNull(row.roa),
    nplRatio: numberOrNull(row.npl_ratio),
    netInterestMargin: numberOrNull(row.net_interest_margin),
  });
}

export function publicApiRoutes(services: AppServices, keys: PublicApiKeys): Router {
  const { knex } = services;
  const router = new Router({ prefix: '/api/public' });
  const guard = requireApiKey(keys, perKeyRateLimit(services.config.publicApiRequestsPerMinute), revocationsOf(services.knex), addressAttempts(knex));

  router.get('/openapi.json', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    // The address this request reached (behind a trusted proxy, the one the client used); Koa's
    // `ctx.origin` is the request's Origin header, which a server-side client does not send.
    ctx.body = openApiDocument(`${ctx.protocol}://${ctx.host}`, services.config.publicApiRequestsPerMinute);
  });

  router.get('/banks', guard, async (ctx) => {
    const { page, limit, after } = bankListQuerySchema.parse(sentQueryParams(ctx.query));
    const { userId } = ctx.state.apiKeyOwner as KeyOwner;
    await cachedAnswer(services, ctx, userId, async () => {
      const banks = targetBanks(knex, userId)
        // Microseconds and all: the place of the page's last bank must compare equal to its row.
        .select(knex.raw(`to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as targeted_since`))
        .orderBy('t.created_at', 'desc')
        .orderBy('t.cert')
        // One more than the page: whether it exists says whether there is a next page.
        .limit(limit + 1);
      if (after) {
        const [createdAt, cert] = after;
        banks.where((older) => older.where('t.created_at', '<', createdAt).orWhere((same) => same.where('t.created_at', '=', createdAt).where('t.cert', '>', cert)));
      } else {
        banks.offset(((page ?? 1) - 1) * limit);
      }
      const [rows, [{ total }]] = await Promise.all([banks, knex('targets').where({ user_id: userId, is_target: true }).count({ total: '*' })]);
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      const next = rows.length > limit && last ? encodeListPlace([last.targeted_since, last.cert]) : null;
      ctx.body = { data: shown.map(publicBank), meta: { page: after ? null : (page ?? 1), limit, total: Number(total), next } };
    });
  });

  router.get('/banks/:cert', guard, async (ctx) => {
    const { cert } = bankPathSchema.parse(ctx.params);
    const { userId } = ctx.state.apiKeyOwner as KeyOwner;
    await cachedAnswer(services, ctx, userId, async () => {
      const row = await targetBanks(knex, userId).where('t.cert', cert).first();
      if (!row) throw new NotATargetError(cert);
      ctx.body = { data: publicBank(row) };
    });
  });

  return router;
}
