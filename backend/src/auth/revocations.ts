import type { Knex } from 'knex';

/** How often a process looks for tokens revoked by another process. */
const pollEveryMs = 2_000;
/** Re-read this far back each poll: a revocation committed late with an earlier timestamp is still seen. */
const overlapMs = 10_000;

/** The revocation row that ends every token of a user (token ids are UUIDs, so it names no single token). */
const everyTokenOf = (userId: string) => `user:${userId}`;

/**
 * How long ending every token of a user is kept: longer than any process trusts what it read before
 * (a user row 30 s, an API key 10 s). After that the user's missing row refuses their tokens.
 */
const everyTokenRevokedForMs = 60 * 60_000;

/**
 * Tokens ended by signing out, and every token of a deleted account. The process that revokes a token stops accepting it at once; other
 * server processes learn of it within `pollEveryMs` and one poll's time. Requests wait only for a
 * process's first poll: later polls run beside them, so no request queues behind one (on the
 * embedded database, which has one connection, it would wait for every statement ahead of it).
 */
export class TokenRevocations {
  private readonly revoked = new Map<string, number>();
  private polledAt = 0;
  private seenUntil = new Date(0);
  private polling: Promise<void> | undefined;

  constructor(private readonly knex: Knex) {}

  async revoke(jti: string, expiresAt: Date): Promise<void> {
    await this.knex('revoked_tokens').insert({ jti, expires_at: expiresAt }).onConflict('jti').ignore();
    this.revoked.set(jti, expiresAt.getTime());
    // An expired token is refused anyway: its revocation need not be kept.
    await this.knex('revoked_tokens').where('expires_at', '<=', new Date()).delete();
  }

  /** Ends every session token of the user, and the API keys they made: their account was deleted. */
  async revokeEveryTokenOf(userId: string): Promise<void> {
    await this.revoke(everyTokenOf(userId), new Date(Date.now() + everyTokenRevokedForMs));
  }

  async isEveryTokenOfRevoked(userId: string): Promise<boolean> {
    return this.isRevoked(everyTokenOf(userId));
  }

  async isRevoked(jti: string): Promise<boolean> {
    if (!this.polling && Date.now() - this.polledAt > pollEveryMs) {
      this.polling = this.poll().finally(() => (this.polling = undefined));
      // A failed poll is tried again by a later request.
      this.polling.catch(() => undefined);
    }
    // Until a poll has succeeded, a request waits for one (and fails with it).
    if (this.polledAt === 0) await this.polling;
    return this.revoked.has(jti);
  }

  private async poll(): Promise<void> {
    const now = Date.now();
    const since = new Date(this.seenUntil.getTime() - overlapMs);
    const rows: Array<{ jti: string; expires_at: Date; revoked_at: Date }> = await this.knex('revoked_tokens')
      .where('revoked_at', '>', since)
      .where('expires_at', '>', new Date(now))
      .select('jti', 'expires_at', 'revoked_at');
    for (const row of rows) {
      this.revoked.set(row.jti, new Date(row.expires_at).getTime());
      if (new Date(row.revoked_at) > this.seenUntil) this.seenUntil = new Date(row.revoked_at);
    }
    for (const [jti, expiresAt] of this.revoked) if (expiresAt <= now) this.revoked.delete(jti);
    this.polledAt = now;
  }
}

const revocationsByDatabase = new WeakMap<Knex, TokenRevocations>();

/** The revocations this process knows of its database: shared by the session guard, the public API and account deletion. */
export function revocationsOf(knex: Knex): TokenRevocations {
  let revocations = revocationsByDatabase.get(knex);
  if (!revocations) revocationsByDatabase.set(knex, (revocations = new TokenRevocations(knex)));
  return revocations;
}
