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
  /** An automated email's one-click unsubscribe address; none for an email a user sends by hand. */
  unsubscribeUrl?: string | null;
};

/**
 * The headers by which mail programs offer their own unsubscribe button (RFC 2369), one click
 * posting `List-Unsubscribe=One-Click` to the address (RFC 8058): none without an address.
 */
export function listUnsubscribeHeaders(mail: OutgoingMail): Record<string, string> {
  if (!mail.unsubscribeUrl) return {};
  return { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => htmlEscapes[character]);

/** A web address in a text, without the punctuation that ends the sentence around it. */
const webAddress = /https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)\]]/g;

/**
 * The HTML part of a plain-text mail: every character the user typed escaped, paragraphs and line
 * breaks kept, and web addresses made links (not every mail program links them by itself).
 */
export function htmlOfText(text: string): string {
  let html = '';
  let end = 0;
  for (const match of text.matchAll(webAddress)) {
    const address = escapeHtml(match[0]);
    html += `${escapeHtml(text.slice(end, match.index))}<a href="${address}">${address}</a>`;
    end = match.index + match[0].length;
  }
  html += escapeHtml(text.slice(end));
  return `<div style="font-family: Arial, sans-serif; font-size: 14px; line-height: 1.5; white-space: pre-wrap;">${html.replace(/\r?\n/g, '<br>\n')}</div>`;
}
