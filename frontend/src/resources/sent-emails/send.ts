import { apiJson } from '../../providers/http.ts';

/**
 * Sending: the subject and body as the user sees them (placeholders already resolved) are queued in
 * the outbox; the answer comes at once with the new sent email's id, whose status then moves on
 * (queued -> sending -> sent | failed). Sent `once`: a double click or a retry after a lost answer queues one mail only.
 */
export type SendRequest = { to: string; subject: string; body: string; contactId: string | null; bankId: number | null; recipientName: string | null };

export function queueEmail(request: SendRequest): Promise<{ id: string; status: string }> {
  return apiJson<{ id: string; status: string }>('/api/services/mailgun/send', { method: 'POST', body: request, once: true });
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

/**
 * A send no answer settled: the email may be queued already. It goes again only as it was, under the
 * same key, so the server queues it once at most and answers whether it did.
 */
export function unsettledSendText(reason: string): string {
  return `${reason} The email may already be queued: press Send Email again to find out. It will not be sent twice, and it cannot be changed until then.`;
}

export function sentText(name: string): string {
  return `Email successfully sent to ${name}.`;
}
