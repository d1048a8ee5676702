import type { Context } from 'koa';
import type { Knex } from 'knex';
import { sendReusedBody, type ReusedBody } from '../http/compression.ts';
import type { AppServices } from '../services.ts';
import { readModelPosition } from './position.ts';
import { SameTurnCalls } from './same-turn.ts';

/** Headers a cached answer is sent again with (the list total, and letting browsers read it). */
const replayedHeaders = ['Content-Range', 'Access-Control-Expose-Headers'];
/** The answers kept per process, by the size of their JSON text (the compressed forms kept with them add about a ninth each). */
const defaultBudgetBytes = 64 * 1024 * 1024;
const positionsKept = 10_000;
/** Shared values kept per process: small ones (totals), and blocks of list rows read ahead (100-400 rows, some 50-200 KB, each). */
const valuesKept = { small: 10_000, rows: 200 };
/** A statement that only reads (a select that names no write); anything else counts as a write. */
const plainRead = /^\s*select\b(?![\s\S]*\b(?:insert|update|delete|truncate)\b)/i;

type KeptValue = { position: string; value: Promise<unknown> };

/** A kept answer: its JSON text, with the compressed forms made of it as clients asked for them. */
type Answer = ReusedBody & { position: string; headers: Array<[string, string]> };

/**
 * A value worked out once per read-model position and shared by the answers that need it (a list's
 * total is the same for every page, sort and range of one filter; a block of rows read ahead holds
 * the next pages). `size` 'rows' keeps it among the fewer large values.
 */
export type Memo = <T>(key: string, compute: () => Promise<T>, size?: 'small' | 'rows') => Promise<T>;

/**
 * Read answers (lists, histories, the public API) kept as their JSON text, keyed by the user, the
 * path with its query, and the user's read-model position (`readModelPosition`), which is read
 * before the answer is computed. An answer is sent again only while the position has not moved:
 * after any write the next read computes afresh, so every reader sees its own writes, in any
 * process. Each hit costs one small query instead of the list's count and page. The same answer
 * asked for by several requests at once is computed once. The least recently used answers go
 * first once the budget is spent.
 */
export class AnswerCache {
  private readonly answers = new Map<string, Answer>();
  private readonly computing = new Map<string, Promise<Answer | undefined>>();
  private bytes = 0;
  /** Statements other than plain reads sent so far (counted only where this process is the database's only writer). */
  private writes = 0;
  private readonly positions = new Map<string, { writes: number; position: string }>();
  /**
   * With other writers, the position is read for every answer; the requests of one user that ask in
   * the same turn (a screen's four or five calls at once, a burst) share one read, made after the
   * last of them asked, so each still sees every write acknowledged before it arrived.
   */
  private readonly sharedPositions = new SameTurnCalls((userId) => readModelPosition(this.knex, userId));
  private readonly values = { small: new Map<string, KeptValue>(), rows: new Map<string, KeptValue>() };

  /**
   * `onlyWriter`: no other process writes this database (the embedded one, locked to this process).
   * Then a user's position is asked again only after this process sent a statement that may write:
   * PGlite has one connection, so a read waits for any transaction in flight to end, and a position
   * remembered before a write is never taken after it.
   */
  constructor(
    private readonly knex: Knex,
    private readonly onlyWriter: boolean,
    private readonly budgetBytes = defaultBudgetBytes,
  ) {
    if (onlyWriter) {
      knex.on('query', ({ sql }: { sql: string }) => {
        if (!plainRead.test(sql)) this.writes += 1;
      });
    }
  }

  private async position(userId: string): Promise<string> {
    if (!this.onlyWriter) return this.sharedPositions.get(userId);
    const writes = this.writes;
    const known = this.positions.get(userId);
    if (known?.writes === writes) return known.position;
    const position = await readModelPosition(this.knex, userId);
    if (this.positions.size >= positionsKept) this.positions.clear();
    this.positions.set(userId, { writes, position });
    return position;
  }

  /**
   * Answers `ctx` from the cache, or runs `compute` (which sets `ctx.body` and headers as a route
   * does) and keeps its answer when it is a 200 with a JSON body.
   */
  async answer(ctx: Context, userId: string, compute: (memo: Memo) => Promise<void>): Promise<void> {
    const key = `${userId} ${ctx.path}?${ctx.querystring}`;
    const position = await this.position(userId);
    const kept = this.answers.get(key);
    if (kept?.position === position) {
      this.answers.delete(key);
      this.answers.set(key, kept);
      return send(ctx, kept);
    }
    const flightKey = `${position} ${key}`;
    const inFlight = this.computing.get(flightKey);
    const shared = inFlight && (await inFlight.catch(() => undefined));
    if (shared) return send(ctx, shared);

    const computed = compute(this.memo(userId, position)).then(() => this.keep(ctx, key, position));
    this.computing.set(flightKey, computed);
    try {
      await computed;
    } finally {
      this.computing.delete(flightKey);
    }
  }

  private memo(userId: string, position: string): Memo {
    return <T>(name: string, compute: () => Promise<T>, size: 'small' | 'rows' = 'small'): Promise<T> => {
      const values = this.values[size];
      const key = `${userId} ${name}`;
      const known = values.get(key);
      if (known?.position === position) return known.value as Promise<T>;
      const value = compute();
      values.delete(key);
      if (values.size >= valuesKept[size]) values.delete(values.keys().next().value!);
      values.set(key, { position, value });
      value.catch(() => values.get(key)?.value === value && values.delete(key));
      return value;
    };
  }

  private keep(ctx: Context, key: string, position: string): Answer | undefined {
    const body: unknown = ctx.body;
    if (ctx.status !== 200 || body === null || typeof body !== 'object' || Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function') return undefined;
    const text = JSON.stringify(body);
    const headers = replayedHeaders.flatMap((name): Array<[string, string]> => (ctx.response.get(name) ? [[name, ctx.response.get(name)]] : []));
    const answer: Answer = { position, text, headers, encoded: new Map() };
    sendReusedBody(ctx, answer);
    const previous = this.answers.get(key);
    if (previous) this.bytes -= previous.text.length;
    this.answers.delete(key);
    this.answers.set(key, answer);
    this.bytes += text.length;
    for (const [oldest, old] of this.answers) {
      if (this.bytes <= this.budgetBytes) break;
      this.answers.delete(oldest);
      this.bytes -= old.text.length;
    }
    return answer;
  }
}

function send(ctx: Context, answer: Answer): void {
  for (const [name, value] of answer.headers) ctx.set(name, value);
  ctx.status = 200;
  sendReusedBody(ctx, answer);
}

const caches = new WeakMap<Knex, AnswerCache>();

/**
 * Answers a signed-in user's read from the process's answer cache. With EventStoreDB the read
 * tables are filled after the append by async projectors, so the user's events do not tell what
 * the tables hold: there every read is computed.
 */
export async function cachedAnswer(services: Pick<AppServices, 'knex' | 'eventStore' | 'db'>, ctx: Context, userId: string, compute: (memo?: Memo) => Promise<void>): Promise<void> {
  if (services.eventStore.kind !== 'postgres') return compute();
  let cache = caches.get(services.knex);
  if (!cache) {
    cache = new AnswerCache(services.knex, services.db.engine === 'pglite');
    caches.set(services.knex, cache);
  }
  return cache.answer(ctx, userId, compute);
}

/**
 * For an answer that costs about one small query to compute (a record's History: one indexed read
 * of its stream). It is kept only where checking the cache costs no query: the embedded engine,
 * the only writer of its database. On PostgreSQL the position query that checks the cache costs as
 * much as the answer, so the answer is computed afresh.
 */
export async function cheapAnswer(services: Pick<AppServices, 'knex' | 'eventStore' | 'db'>, ctx: Context, userId: string, compute: () => Promise<void>): Promise<void> {
  if (services.db.engine !== 'pglite') return compute();
  return cachedAnswer(services, ctx, userId, compute);
}
