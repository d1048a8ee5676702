import { z } from 'zod';
import { defineEvent, type EventOf } from '../../events/registry.ts';

/**
 * Why an address is on the Do Not Contact list: its owner unsubscribed, the user put it there, mail
 * to it bounced for good, or its owner marked our mail as spam.
 */
export const suppressionReasons = ['unsubscribed', 'manual', 'bounced', 'complained'] as const;

/** Each user's Do Not Contact list is one stream; addresses are kept in lower case. */
export const suppressionEvents = {
  AddressSuppressed: defineEvent(
    'AddressSuppressed',
    z.object({ email: z.string(), reason: z.enum(suppressionReasons), contactId: z.uuid().nullable(), detail: z.string(), suppressedAt: z.string() }),
  ),
  AddressUnsuppressed: defineEvent('AddressUnsuppressed', z.object({ email: z.string() })),
};

export type SuppressionEvent = EventOf<typeof suppressionEvents>;

export const suppressionStreamId = (userId: string) => `suppression-${userId}`;
