import type { ContactRecord } from '../../../../domain/records/contact.ts';

export { verificationResults, type Verification, type VerificationResult } from '../../../../domain/records/contact.ts';

/** A contact as `/api/data/contacts` answers it. */
export type Contact = ContactRecord;

/** The fields a person edits in the contact form. */
export type ContactDraft = {
  bankId: number | null;
  name: string;
  title: string;
  email: string;
  linkedinUrl: string;
  tags: string[];
};
