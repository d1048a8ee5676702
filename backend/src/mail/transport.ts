import type { MailTransportKind } from '../outreach/sent-emails/commands.ts';

/** One email as a transport sends it. `text` is what the user wrote; `html` is the same text escaped, line breaks kept. */
export type OutgoingMail = {
  /** Our email id: sent as a header so a provider's log can be matched to the record. */
  emailId: string;
  from: { name: string | null; email: string };
  to: { name: string | null; email: string };
  subject: string;
  text: string;
  html: string;
};

/**
 * What happened to one attempt:
 * - sent: the provider took it (its message id when it gives one);
 * - retry: the provider refused for now (busy, 429, 5xx, no connection) and took nothing, so trying again is safe;
 * - failed: the provider refused it for good (4xx: bad address, bad key, ...);
 * - bounced: the recipient's server refused the address itself for good (no such mailbox or domain),
 *   so no mail to it can ever arrive;
 * - unknown: the request went out but no answer came back, so the mail may have left: never retried by itself.
 */
export type SendOutcome =
  | { kind: 'sent'; providerMessageId: string | null }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'failed'; reason: string }
  | { kind: 'bounced'; reason: string }
  | { kind: 'unknown'; reason: string };

export type MailTransport = {
  kind: MailTransportKind;
  send(mail: OutgoingMail): Promise<SendOutcome>;
  close?(): Promise<void> | void;
};

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The HTML part of a plain-text mail: every character the user typed escaped, paragraphs and line breaks kept. */
export function htmlOfText(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (character) => htmlEscapes[character]);
  return `<div style="font-family: Arial, sans-serif; font-size: 14px; line-height: 1.5; white-space: pre-wrap;">${escaped.replace(/\r?\n/g, '<br>\n')}</div>`;
}
