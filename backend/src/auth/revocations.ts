import type { Knex } from 'knex';
import type { SessionToken } from './authenticate.ts';

/** How often a process looks for tokens revoked by another process. */
const pollEveryMs = 2_000;
/** Re-read this far back each poll: a revocation committed late with an earlier timestamp is still seen. */
const overlapMs = 10_000;

/** The revocation row that ends every token of a user (token ids are UUIDs, so it names no single token). */
const everyTokenOf = (userId: string) => `user:${userId}`;

/** The revocation row that ends the user's session tokens issued before a moment (their password changed). */
const sessionsOf = (userId: string) => `sessions:${userId}`;

/**
 * How long ending every token of a user is kept: longer than any process trusts what it read before
 * (a user row 30 s, an API key 10 s). After that the user's missing row refuses their tokens.
 */
const everyTokenRevokedForMs = 60 * 60_000;

/**
 * Tokens ended by signing out, the sessions a password change ended, and every token of a deleted
 * account. The process that revokes a token stops accepting it at once; other server processes
 * learn of it within `pollEveryMs` and one poll's time. Requests wait only for a process's first
 * poll: later polls run beside them, so no request queues behind one (on the embedded database,
 * which has one connection, it would wait for every statement ahead of it).
 */
export class TokenRevocations {
  private readonly revoked = new Map<string, number>();
  /** `sessionsOf(user)` -> the sessions of that user issued before this moment are ended (epoch ms), kept until `expiresAt`. */
  private readonly sessionsEnded = new Map<string, { issuedBefore: number; expiresAt: number }>();
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

  /**
   * Ends every session token of the user issued before `issuedBefore` (their password changed); the
   * API keys they made keep working. Kept until `expiresAt`, when the last of those tokens has expired.
   * Written in `trx`, the transaction that replaces the password, so both are saved or neither; this
   * process refuses those tokens once `trx` commits.
   */
  async endSessionsIssuedBefore(trx: Knex.Transaction, userId: string, issuedBefore: Date, expiresAt: Date): Promise<void> {
    const jti = sessionsOf(userId);
    // A later change moves the moment on; the revocation is stamped anew, so the other processes' polls read it again.
    await trx('revoked_tokens')
      .insert({ jti, expires_at: expiresAt, sessions_issued_before: issuedBefore })
      .onConflict('jti')
      .merge({
        expires_at: trx.raw('greatest(revoked_tokens.expires_at, excluded.expires_at)'),
        sessions_issued_before: trx.raw('greatest(revoked_tokens.sessions_issued_before, excluded.sessions_issued_before)'),
        revoked_at: trx.fn.now(),
      });
    // A rolled-back change ended nothing (its caller sees the failure).
    trx.executionPromise.then(() => this.noteSessionsEnded(jti, issuedBefore.getTime(), expiresAt.getTime())).catch(() => undefined);
  }

  /** Whether a session token of the user is ended: signed out, issued before their password changed, or their account deleted. */
  async isSessionEnded(userId: string, session: SessionToken): Promise<boolean> {
    if (session.jti && (await this.isRevoked(session.jti))) return true;
    if (await this.isEveryTokenOfRevoked(userId)) return true;
    const ended = this.sessionsEnded.get(sessionsOf(userId));
    // A token without an issue time cannot show it was issued after the change.
    return ended !== undefined && (session.issuedAt?.getTime() ?? 0) < ended.issuedBefore;
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
    const rows: Array<{ jti: string; expires_at: Date; revoked_at: Date; sessions_issued_before: Date | null }> = await this.knex('revoked_tokens')
      .where('revoked_at', '>', since)
      .where('expires_at', '>', new Date(now))
      .select('jti', 'expires_at', 'revoked_at', 'sessions_issued_before');
    for (const row of rows) {
      const expiresAt = new Date(row.expires_at).getTime();
      if (row.sessions_issued_before) this.noteSessionsEnded(row.jti, new Date(row.sessions_issued_before).getTime(), expiresAt);
      else this.revoked.set(row.jti, expiresAt);
      if (new Date(row.revoked_at) > this.seenUntil) this.seenUntil = new Date(row.revoked_at);
    }
    for (const [jti, expiresAt] of this.revoked) if (expiresAt <= now) this.revoked.delete(jti);
    for (const [jti, ended] of this.sessionsEnded) if (ended.expiresAt <= now) this.sessionsEnded.delete(jti);
    this.polledAt = now;
  }

  private noteSessionsEnded(jti: string, issuedBefore: number, expiresAt: number): void {
    const known = this.sessionsEnded.get(jti);
    this.sessionsEnded.set(jti, { issuedBefore: Math.max(issuedBefore, known?.issuedBefore ?? 0), expiresAt: Math.max(expiresAt, known?.expiresAt ?? 0) });
  }
}

const revocationsByDatabase = new WeakMap<Knex, TokenRevocations>();

/** The revocations this process knows of its database: shared by the session guard, the public API and account deletion. */
export function revocationsOf(knex: Knex): TokenRevocations {
  let revocations = revocationsByDatabase.get(knex);
  if (!revocations) revocationsByDatabase.set(knex, (revocations = new TokenRevocations(knex)));
  return revocations;
}
