import { z } from 'zod';
import { ratioAlertSchema } from '../../../../domain/ratio-alerts.ts';
import { defineEvent, type EventOf } from '../../events/registry.ts';

/** Where a tracked bank is and how to reach it: the columns of the targets read table. */
export const bankDetailsShape = {
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
};
const bankDetails = z.object(bankDetailsShape);
export type BankDetails = z.infer<typeof bankDetails>;

/** The normalised financial figures (money in dollars, ratios as reported) saved with the bank. */
const financials = z.record(z.string(), z.union([z.number(), z.string(), z.null()]));
export type Financials = z.infer<typeof financials>;

export const targetEvents = {
  /** First tracking, or tracking again after it was removed (notes, tags and LinkedIn page carried over). */
  BankTracked: defineEvent(
    'BankTracked',
    bankDetails.extend({
      cert: z.number().int(),
      ownerId: z.uuid(),
      financials,
      notes: z.string(),
      tags: z.array(z.string()),
      linkedinCompanyUrl: z.string().nullable(),
      targetedAt: z.string(),
    }),
  ),
  /** Only the details and figures that changed. */
  BankSnapshotRefreshed: defineEvent('BankSnapshotRefreshed', z.object({ details: bankDetails.partial(), financials })),
  BankTargeted: defineEvent('BankTargeted', z.object({ targetedAt: z.string() })),
  BankUntargeted: defineEvent('BankUntargeted', z.object({})),
  BankNotesChanged: defineEvent('BankNotesChanged', z.object({ notes: z.string() })),
  BankTagsChanged: defineEvent('BankTagsChanged', z.object({ tags: z.array(z.string()) })),
  BankLinkedinCompanyUrlChanged: defineEvent('BankLinkedinCompanyUrlChanged', z.object({ linkedinCompanyUrl: z.string().nullable() })),
  /** No longer tracked: gone from lists; the stream keeps notes and tags for a later re-add. */
  BankUntracked: defineEvent('BankUntracked', z.object({})),
  /** A newer quarter of regulator data moved some of the bank's ratios across a rating colour. */
  RatioAlertRaised: defineEvent('RatioAlertRaised', ratioAlertSchema),
  /** The user has seen the alert of that quarter: its badge goes. */
  RatioAlertDismissed: defineEvent('RatioAlertDismissed', z.object({ quarter: z.string() })),
};

export type TargetEvent = EventOf<typeof targetEvents>;

/** One stream per user and bank: two users tracking the same bank never share a record. */
export const targetStreamId = (userId: string, cert: number | string) => `target-${userId}-${cert}`;

/** The owner and cert a target stream id names (`target-<uuid>-<cert>`). */
export function parseTargetStreamId(streamId: string): { userId: string; cert: number } {
  const match = /^target-([0-9a-f-]{36})-(\d+)$/i.exec(streamId);
  if (!match) throw new Error(`Not a target stream: ${streamId}`);
  return { userId: match[1], cert: Number(match[2]) };
}
