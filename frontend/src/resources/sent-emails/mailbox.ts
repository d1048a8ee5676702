/**
 * Sent Mailbox rules: newest first, search by recipient, bank or subject, and which email is selected
 * after the list changes. Pure functions, unit tested under test/frontend.
 */

import type { DeliveryStatus, SentEmailRecord } from '../../../../domain/records/sent-email.ts';
import { foldText, formatLocalMoment, groupThousands } from '../../../../domain/format.ts';

export { deliveryStatuses, type DeliveryStatus } from '../../../../domain/records/sent-email.ts';

export type SentEmail = SentEmailRecord;

/** Only the timestamps are read, so a caller may pass any object that has them. */
type EmailTimes = { sentAt: string | null; queuedAt?: string | null; createdAt: string };

/** When an email went out; one still waiting counts from when it was queued. */
export function emailTime(email: EmailTimes): string {
  return email.sentAt ?? email.queuedAt ?? email.createdAt;
}

/** `emailTime` as the reader's local date and time, as lists show it. */
export const emailTimeText = (email: EmailTimes) => formatLocalMoment(emailTime(email));

export function newestFirst<T extends EmailTimes>(emails: readonly T[]): T[] {
  return [...emails].sort((a, b) => emailTime(b).localeCompare(emailTime(a)));
}

/** Emails whose recipient (name or address), bank name or subject contain the query, case and accents aside. */
export function searchEmails<T extends Pick<SentEmail, 'recipientName' | 'recipientEmail' | 'bankName' | 'subject'>>(emails: readonly T[], query: string): T[] {
  const needle = foldText(query.trim());
  if (!needle) return [...emails];
  return emails.filter((email) => [email.recipientName, email.recipientEmail, email.bankName, email.subject].some((field) => field && foldText(field).includes(needle)));
}

/**
 * The mailbox's count line. It loads the newest emails only (`total` in all), and a search asks the
 * server, whose `matches` may be more than it loaded: then the line counts the matches instead.
 */
export function mailboxCountLine({ shown, total, matches, loadedMatches }: { shown: number; total: number; matches?: number; loadedMatches?: number }): string {
  if (matches !== undefined && loadedMatches !== undefined && matches > loadedMatches) return `${groupThousands(shown)} of ${groupThousands(matches)} matching emails shown`;
  return `${groupThousands(shown)} of ${groupThousands(total)} emails shown`;
}

/** The selection after the shown list changed: kept while still shown, else the first shown email (none for an empty list). */
export function nextSelection(selectedId: string | null, shown: ReadonlyArray<{ id: string }>): string | null {
  if (selectedId && shown.some((email) => email.id === selectedId)) return selectedId;
  return shown[0]?.id ?? null;
}

/** 'To: name <email>' (the address alone when the name is unknown). */
export function recipientLine(email: Pick<SentEmail, 'recipientName' | 'recipientEmail'>): string {
  return email.recipientName ? `To: ${email.recipientName} <${email.recipientEmail}>` : `To: <${email.recipientEmail}>`;
}

export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  unknown: 'Unknown',
  dismissed: 'Dismissed',
};

/**
 * Why an email is still queued after a try: the mail service was busy or could not be reached, and
 * it is tried again by itself. Without this a user saw only 'Queued' for a minute or more.
 */
export function retryNote(email: { status: DeliveryStatus; failureReason?: string | null }): string | null {
  return email.status === 'queued' && email.failureReason ? `Not sent yet: ${email.failureReason} It will be tried again shortly.` : null;
}

/** Whether the outcome of the send is still to come (the screens keep polling while it is). */
export function awaitingOutcome(status: DeliveryStatus): boolean {
  return status === 'queued' || status === 'sending';
}
