import { z } from 'zod';
import { verificationResults } from '../../../../domain/records/contact.ts';
import { defineEvent, type EventOf } from '../../events/registry.ts';

/**
 * `addressHeld`: the contact's address was checked free at its bank and the read model holds it for
 * this contact alone (a unique index refuses a second contact of the bank with it, in the append's
 * transaction). Events from before that rule, and from stores whose projections run after the
 * append (EventStoreDB), hold nothing: their duplicates replay as they were recorded.
 */
const addressHeld = z.boolean();
const holdingNothing = [{ from: 1, up: (data: unknown) => ({ ...(data as object), addressHeld: false }) }];

export const contactEvents = {
  ContactAdded: defineEvent(
    'ContactAdded',
    z.object({
      contactId: z.uuid(),
      ownerId: z.uuid(),
      bankId: z.number().int(),
      bankName: z.string().nullable(),
      name: z.string(),
      title: z.string(),
      email: z.string().nullable(),
      linkedinUrl: z.string().nullable(),
      tags: z.array(z.string()),
      addressHeld,
    }),
    { version: 2, upcasters: holdingNothing },
  ),
  ContactRenamed: defineEvent('ContactRenamed', z.object({ name: z.string() })),
  ContactTitleChanged: defineEvent('ContactTitleChanged', z.object({ title: z.string() })),
  /** A new address has not been verified: any earlier verification no longer applies. */
  ContactEmailChanged: defineEvent('ContactEmailChanged', z.object({ email: z.string().nullable(), addressHeld }), { version: 2, upcasters: holdingNothing }),
  ContactLinkedinUrlChanged: defineEvent('ContactLinkedinUrlChanged', z.object({ linkedinUrl: z.string().nullable() })),
  ContactTagsChanged: defineEvent('ContactTagsChanged', z.object({ tags: z.array(z.string()) })),
  ContactMovedToBank: defineEvent('ContactMovedToBank', z.object({ bankId: z.number().int(), bankName: z.string().nullable(), addressHeld }), { version: 2, upcasters: holdingNothing }),
  ContactMarkedHotLead: defineEvent('ContactMarkedHotLead', z.object({})),
  ContactUnmarkedHotLead: defineEvent('ContactUnmarkedHotLead', z.object({})),
  ContactEmailVerified: defineEvent(
    'ContactEmailVerified',
    z.object({ result: z.enum(verificationResults), score: z.number().nullable(), verifiedAt: z.string() }),
  ),
  /** The contact answered (recorded by the user): automation stops writing to them. */
  ContactReplied: defineEvent('ContactReplied', z.object({ repliedAt: z.string() })),
  ContactDeleted: defineEvent('ContactDeleted', z.object({})),
  /**
   * A deleted contact is back as it was when deleted. The read row went with the deletion, so the
   * event carries the contact's state then; its address is held again as when it was added.
   */
  ContactRestored: defineEvent(
    'ContactRestored',
    z.object({
      contactId: z.uuid(),
      ownerId: z.uuid(),
      bankId: z.number().int(),
      bankName: z.string().nullable(),
      name: z.string(),
      title: z.string(),
      email: z.string().nullable(),
      linkedinUrl: z.string().nullable(),
      tags: z.array(z.string()),
      isHotLead: z.boolean(),
      verification: z.object({ result: z.enum(verificationResults), score: z.number().nullable(), verifiedAt: z.string() }).nullable(),
      repliedAt: z.string().nullable(),
      addressHeld,
      /** When the record was first added: the restored record keeps its Added date and its place in lists. */
      addedAt: z.string(),
    }),
  ),
  /** The contact's personal data was erased (its key destroyed): from now on it reads as an erased contact. */
  ContactErased: defineEvent('ContactErased', z.object({ erasedAt: z.string() })),
};

export type ContactEvent = EventOf<typeof contactEvents>;
export type Verification = { result: (typeof verificationResults)[number]; score: number | null };
/** A verification as the contact keeps it: with when the check was made. */
export type CheckedVerification = Verification & { verifiedAt: string };

export const contactStreamId = (contactId: string) => `contact-${contactId}`;
