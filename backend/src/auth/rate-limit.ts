import type { Context } from 'koa';
import type { Knex } from 'knex';
import { HttpError } from '../http/errors.ts';

/** The 429 for an allowance used up (`what`: 'sign-in attempts'), with Retry-After. */
export function tooManyAttempts(ctx: Context, waitSeconds: number, what: string): HttpError {
  ctx.set('Retry-After', String(waitSeconds));
  return new HttpError(429, `Too many ${what}. Try again in ${Math.ceil(waitSeconds / 60)} minute(s).`);
}

/**
 * Fixed-window counter of attempts per key (an email at a client address, a client address), kept in
 * the database so every server process (WEB_CONCURRENCY) counts against the same allowance.
 *
 * An attempt is counted BEFORE it is judged, in one atomic statement: checking a count and writing it
 * afterwards let 60 parallel wrong passwords all through, since each read the count before any wrote.
 */
export class AttemptLimiter {
  constructor(
    private readonly knex: Knex,
    private readonly maxAttempts: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; answers the seconds to wait when it is over the allowance, else 0. */
  async consume(key: string): Promise<number> {
    const now = this.now();
    const result = await this.knex.raw(
      `insert into auth_attempts (key, failures, window_ends_at) values (?, 1, ?)
       on conflict (key) do update set
         failures = case when auth_attempts.window_ends_at <= ? then 1 else auth_attempts.failures + 1 end,
         window_ends_at = case when auth_attempts.window_ends_at <= ? then excluded.window_ends_at else auth_attempts.window_ends_at end
       returning failures, window_ends_at`,
      [key, now + this.windowMs, now, now],
    );
    const row = result.rows[0] as { failures: number; window_ends_at: number | string };
    await this.knex('auth_attempts').where('window_ends_at', '<=', now).delete();
    return row.failures > this.maxAttempts ? Math.max(1, Math.ceil((Number(row.window_ends_at) - now) / 1000)) : 0;
  }

  /** Gives one attempt back (a success that should not use up the allowance). */
  async refund(key: string): Promise<void> {
    await this.knex('auth_attempts').where({ key }).update({ failures: this.knex.raw('greatest(failures - 1, 0)') });
  }

  async reset(key: string): Promise<void> {
    await this.knex('auth_attempts').where({ key }).delete();
  }
}

/**
 * What one client address may get wrong: 100 attempts per 15 minutes (sign-ins, requests with an
 * unknown API key), each use counting its attempts under keys of its own.
 */
export const addressAttempts = (knex: Knex) => new AttemptLimiter(knex, 100, 15 * 60_000);
