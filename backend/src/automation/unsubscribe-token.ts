import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The token in an automated mail's unsubscribe link: who sent it, to which enrolment and in which
 * email (the address it went to is the one to unsubscribe; links mailed before name none), signed with
 * a key derived from the server's signing secret, so it works without signing in and cannot be forged
 * or pointed at another enrolment. It never expires: an unsubscribe link must keep working.
 */
const payloadSchema = z.object({ u: z.uuid(), e: z.uuid(), m: z.uuid().optional() });
export type UnsubscribeClaim = { userId: string; enrolmentId: string; emailId?: string };

const keyOf = (secret: string) => createHash('sha256').update(`unsubscribe-link:${secret}`).digest();
const sign = (secret: string, payload: string) => createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');

export function unsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(JSON.stringify({ u: claim.userId, e: claim.enrolmentId, m: claim.emailId })).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The claim of a genuine token, or undefined for anything else. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | undefined {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return undefined;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? { userId: parsed.data.u, enrolmentId: parsed.data.e, ...(parsed.data.m && { emailId: parsed.data.m }) } : undefined;
  } catch {
    return undefined;
  }
}
