import { z } from 'zod';
import { verificationResults } from '../../../../domain/records/contact.ts';
import { cleanTags } from '../ownership.ts';
import { emailAddress } from '../../../../domain/email-address.ts';
import { certSchema, recordUpdateSchema, tagsSchema } from '../schemas.ts';
import { blankToNull, optionalWebUrl } from '../targets/fields.ts';
import type { Verification } from './events.ts';

const requiredText = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(200, `${label} can be at most 200 characters.`);

const name = requiredText('Full name');
const title = requiredText('Job title');
const email = z.preprocess(
  blankToNull,
  emailAddress('Enter a valid email address, like name@bank.com.').nullable().optional(),
);
const linkedinUrl = optionalWebUrl('Enter a valid LinkedIn URL, like https://www.linkedin.com/in/name.');
/** The bank (cert) a contact works at; required when adding. */
const bankId = z
  .unknown()
  .refine((value) => value !== undefined && value !== null && value !== '', { message: 'Choose a bank.', abort: true })
  .pipe(certSchema);
const bankName = z.preprocess(blankToNull, z.string({ error: 'Bank name must be text.' }).max(300, 'A bank name can be at most 300 characters.').nullable().optional());
const tags = tagsSchema.transform(cleanTags);
const isHotLead = z.boolean({ error: 'isHotLead must be true or false.' });

export const verificationBody = z
  .object({
    result: z.enum(verificationResults, { error: 'Verification result must be one of deliverable, risky, undeliverable, unknown or error.' }),
    score: z
      .number({ error: 'Verification score must be a number from 0 to 100.' })
      .min(0, 'Verification score must be a number from 0 to 100.')
      .max(100, 'Verification score must be a number from 0 to 100.')
      .nullable()
      .default(null),
  })
  .strict();

/** POST /api/data/contacts: name and title required, email and LinkedIn optional but well-formed. */
export const addContactBody = z
  .object({
    bankId,
    bankName,
    name,
    title,
    email,
    linkedinUrl,
    tags: tags.optional(),
    isHotLead: isHotLead.optional(),
    verification: verificationBody.nullable().optional(),
  })
  .strict()
  .refine((body) => !body.verification || body.email, {
    message: 'Add an email address before recording its verification.',
    path: ['verification'],
  });

/** PUT /api/data/contacts/:id: the whole record; verification has its own route. */
export const editContactBody = recordUpdateSchema(
  z
    .object({
      bankId: certSchema.optional(),
      bankName,
      name: name.optional(),
      title: title.optional(),
      email,
      linkedinUrl,
      tags: tags.optional(),
      isHotLead: isHotLead.optional(),
    })
    .strict(),
  ['id', 'version', 'createdAt', 'updatedAt', 'verification', 'repliedAt', 'doNotContact', 'bankClosure'],
);

export const hotLeadBody = z.object({ isHotLead }).strict();
/** PUT /api/data/contacts/toggle-hot-lead/:bankId: the path existing clients call. */
export const bankHotLeadBody = z.object({ setAsHot: z.boolean({ error: 'setAsHot must be true or false.' }) }).strict();

export type ContactFields = {
  bankId: number;
  bankName: string | null;
  name: string;
  title: string;
  email: string | null;
  linkedinUrl: string | null;
  tags: string[];
};

export type ContactCommand =
  | {
      type: 'AddContact';
      contactId: string;
      userId: string;
      fields: ContactFields;
      isHotLead: boolean;
      verification: Verification | null;
      at: string;
      /** Whether the read model is to hold the address for this contact alone (see `addressHeld`). */
      holdAddress: boolean;
    }
  | {
      type: 'EditContact';
      userId: string;
      changes: Partial<ContactFields> & { isHotLead?: boolean };
      /** The name of the bank of changes.bankId (the user's tracked bank's, else FDIC's), looked up before deciding; null when the bank is not changed. */
      newBankName: string | null;
      /** Whether the read model is to hold the contact's new address or bank for it alone (see `addressHeld`). */
      holdAddress: boolean;
    }
  | { type: 'SetHotLead'; userId: string; isHotLead: boolean }
  | { type: 'RecordEmailVerification'; userId: string; verification: Verification; at: string }
  | { type: 'MarkContactReplied'; userId: string; at: string }
  | { type: 'DeleteContact'; userId: string }
  | {
      type: 'RestoreContact';
      contactId: string;
      userId: string;
      /** Whether the read model is to hold the restored address for this contact alone (see `addressHeld`). */
      holdAddress: boolean;
      /** When the contact was first added: the restored contact keeps it. */
      addedAt: string;
    }
  | { type: 'EraseContact'; userId: string; at: string };
