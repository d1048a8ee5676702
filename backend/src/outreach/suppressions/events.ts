import { z } from 'zod';
import { doNotContactReasons } from '../../../../domain/records/do-not-contact.ts';
import { defineEvent, type EventOf } from '../../events/registry.ts';

/** Each user's Do Not Contact list is one stream; addresses are kept in lower case. */
export const suppressionEvents = {
  AddressSuppressed: defineEvent(
    'AddressSuppressed',
    z.object({ email: z.string(), reason: z.enum(doNotContactReasons), contactId: z.uuid().nullable(), detail: z.string(), suppressedAt: z.string() }),
  ),
  AddressUnsuppressed: defineEvent('AddressUnsuppressed', z.object({ email: z.string() })),
};

export type SuppressionEvent = EventOf<typeof suppressionEvents>;

export const suppressionStreamId = (userId: string) => `suppression-${userId}`;
