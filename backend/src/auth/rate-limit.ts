import type { Knex } from 'knex';

/**
 * Fixed-window counter of failed attempts per key (email, client address), kept in the database so
 * that every server process (WEB_CONCURRENCY) counts against the same allowance.
 */
export class AttemptLimiter {
  constructor(
    private readonly knex: Knex,
    private readonly maxAttempts: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  async retryAfter(key: string): Promise<number> {
    const row = (await this.knex('auth_attempts').where({ key }).first('failures', 'window_ends_at')) as { failures: number; window_ends_at: number } | undefined;
    const now = this.now();
    if (!row || row.window_ends_at <= now || row.failures < this.maxAttempts) return 0;
    return Math.ceil((row.window_ends_at - now) / 1000);
  }

  /** Counts a failure in the key's window (a new window when the last one ended); forgets windows that ended. */
  async recordFailure(key: string): Promise<void> {
    const now = this.now();
    await this.knex.raw(
      `insert into auth_attempts (key, failures, window_ends_at) values (?, 1, ?)
       on conflict (key) do update set
         failures = case when auth_attempts.window_ends_at <= ? then 1 else auth_attempts.failures + 1 end,
         window_ends_at = case when auth_attempts.window_ends_at <= ? then excluded.window_ends_at else auth_attempts.window_ends_at end`,
      [key, now + this.windowMs, now, now],
    );
    await this.knex('auth_attempts').where('window_ends_at', '<=', now).delete();
  }

  async reset(key: string): Promise<void> {
    await this.knex('auth_attempts').where({ key }).delete();
  }
}
