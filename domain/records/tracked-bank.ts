import { z } from 'zod';
import { bankClosureSchema } from '../bank-closure.ts';
import { ratioAlertSchema } from '../ratio-alerts.ts';

/** The user's own fields of a tracked bank and the counts of its contacts and open tasks. */
const trackedBankFields = z.object({
  id: z.number(),
  cert: z.number(),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  linkedinCompanyUrl: z.string().nullable(),
  isTarget: z.boolean(),
  notes: z.string(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  targetedAt: z.string().nullable(),
  /** The quarter alert shown until dismissed: ratios a newer quarter moved across a rating colour. */
  ratioAlert: ratioAlertSchema.nullable(),
  contactCount: z.number(),
  hotContactCount: z.number(),
  openTaskCount: z.number(),
  /** Null while the regulator lists the bank as active; else whether it failed, was acquired (by whom) or is just inactive. */
  closure: bankClosureSchema.nullable(),
  version: z.number(),
});

/**
 * A tracked bank as `/api/data/banks` answers it: the normalised bank's figures at the top level
 * (money in dollars, ratios as reported; null when looked up and not reported, absent when never
 * looked up) beside the fields above.
 */
export const trackedBankRecordSchema = trackedBankFields.catchall(z.union([z.number(), z.string(), z.null()]));

/** The figures are `unknown` in the type: an index signature cannot be narrower than the named fields beside it. */
export type TrackedBankRecord = z.infer<typeof trackedBankFields> & { [figure: string]: unknown };
