import type { Knex } from 'knex';
import { hashPassword } from './passwords.ts';
import type { TokenRevocations } from './revocations.ts';
import { endResetLinks, replacePasswordHash } from './users.ts';

/**
 * Replaces the user's password and ends every session of theirs issued until now, and every reset
 * link of theirs, in one transaction: a failure between them can never leave the new password in
 * place with the old sessions still signed in, and a link asked for before the change (perhaps by
 * whoever read the mailbox or held the session the change shuts out) cannot undo it. Answers the moment the change takes effect, from which the caller's new
 * session is dated.
 */
export async function replacePassword(
  knex: Knex,
  revocations: TokenRevocations,
  input: { userId: string; newPassword: string; sessionSeconds: number },
  /** Run first in the same transaction (using up a reset link): when it throws, nothing is changed. */
  first?: (trx: Knex.Transaction) => Promise<void>,
): Promise<Date> {
  const passwordHash = await hashPassword(input.newPassword);
  // Tokens carry their issue time in whole seconds: every session issued up to the end of this
  // second is ended (one signed in a moment ago too), and the caller's new token is dated the next.
  const takesEffectAt = new Date((Math.floor(Date.now() / 1000) + 1) * 1000);
  const lastEndedSessionExpiresAt = new Date(takesEffectAt.getTime() + input.sessionSeconds * 1000);
  await knex.transaction(async (trx) => {
    await first?.(trx);
    await replacePasswordHash(trx, input.userId, passwordHash);
    await endResetLinks(trx, input.userId);
    await revocations.endSessionsIssuedBefore(trx, input.userId, takesEffectAt, lastEndedSessionExpiresAt);
  });
  return takesEffectAt;
}
