import { z } from 'zod';

/**
 * Why an address is on a user's Do Not Contact list: its owner unsubscribed, the user put it there,
 * mail to it bounced for good, or its owner marked our mail as spam. No email goes to it, sent by
 * hand or by an automation.
 */
export const doNotContactReasons = ['unsubscribed', 'manual', 'bounced', 'complained'] as const;
export type DoNotContactReason = (typeof doNotContactReasons)[number];

/** Each reason as the list labels it. */
export const doNotContactLabels: Record<DoNotContactReason, string> = {
  unsubscribed: 'Unsubscribed',
  manual: 'Added by you',
  bounced: 'Bounced',
  complained: 'Marked as spam',
};

/** Each reason as the end of a sentence: 'Not sent: … is on your Do Not Contact list (they unsubscribed).' */
const becauseOf: Record<DoNotContactReason, string> = {
  unsubscribed: 'they unsubscribed',
  manual: 'you added them',
  bounced: 'mail to it bounced for good',
  complained: 'they marked an email as spam',
};
export const whyOnDoNotContact = (reason: string): string => becauseOf[reason as DoNotContactReason] ?? becauseOf.manual;

/** A contact whose address is on the list: why, and since when. */
export const doNotContactSchema = z.object({ reason: z.enum(doNotContactReasons), since: z.string() });
