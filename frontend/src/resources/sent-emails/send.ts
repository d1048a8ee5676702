import { apiJson } from '../../providers/http.ts';

/**
 * Sending: the subject and body as the user sees them (placeholders already resolved) are queued in
 * the outbox; the answer comes at once with the new sent email's id, whose status then moves on
 * (queued -> sending -> sent | failed). The Idempotency-Key makes a retried click queue one mail only.
 */
export type SendRequest = { to: string; subject: string; body: string; contactId: string | null; bankId: number | null; recipientName: string | null };

export function queueEmail(request: SendRequest, idempotencyKey: string): Promise<{ id: string; status: string }> {
  return apiJson<{ id: string; status: string }>('/api/services/mailgun/send', { method: 'POST', body: request, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** The defaults of a new email with no template chosen. */
export function defaultEmail(bankName: string, contactName: string): { subject: string; body: string } {
  return { subject: `Regarding opportunities with ${bankName}`, body: `Hi ${contactName},` };
}

export const SEND_FAILED_PREFIX = 'Failed to send email.';

/** 'Failed to send email. {message}', without saying it twice when the server's message already does. */
export function sendFailedText(message: string | null | undefined): string {
  const reason = (message ?? '').trim();
  if (reason.startsWith(SEND_FAILED_PREFIX)) return reason;
  return reason ? `${SEND_FAILED_PREFIX} ${reason}` : SEND_FAILED_PREFIX;
}

export function sentText(name: string): string {
  return `Email successfully sent to ${name}.`;
}

/** A random key for one send (crypto.randomUUID exists only on https and localhost pages; getRandomValues everywhere). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
