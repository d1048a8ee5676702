import { z } from 'zod';
import { bankClosureSchema } from '../bank-closure.ts';
import { doNotContactSchema } from './do-not-contact.ts';

/** What an email verification can conclude; 'error' when the check itself failed. */
export const verificationResults = ['deliverable', 'risky', 'undeliverable', 'unknown', 'error'] as const;
export type VerificationResult = (typeof verificationResults)[number];

export const verificationRecordSchema = z.object({
  result: z.enum(verificationResults),
  score: z.number().nullable(),
  verifiedAt: z.string().nullable().optional(),
});
export type Verification = z.infer<typeof verificationRecordSchema>;

/** The name an erased contact reads as, everywhere its name was (its address and LinkedIn profile read as none). */
export const erasedContactName = 'Erased contact';

/** A contact as `/api/data/contacts` answers it. */
export const contactRecordSchema = z.object({
  id: z.string(),
  bankId: z.number(),
  bankName: z.string().nullable(),
  name: z.string(),
  title: z.string(),
  email: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  isHotLead: z.boolean(),
  tags: z.array(z.string()),
  verification: verificationRecordSchema.nullable(),
  /** When the user last recorded a reply from the contact (the automations under way then stop). */
  repliedAt: z.string().nullable(),
  /** Set while the contact's address is on the user's Do Not Contact list: no email goes to it. */
  doNotContact: doNotContactSchema.nullable(),
  /** Null while the regulator lists the contact's bank as active; else whether it failed, was acquired or is just inactive. */
  bankClosure: bankClosureSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type ContactRecord = z.infer<typeof contactRecordSchema>;
