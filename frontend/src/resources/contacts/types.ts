/** What an email check can conclude; 'error' when the check itself failed. */
export const verificationResults = ['deliverable', 'risky', 'undeliverable', 'unknown', 'error'] as const;
export type VerificationResult = (typeof verificationResults)[number];
export type Verification = { result: VerificationResult; score: number | null; verifiedAt?: string | null };

/** A contact as `/api/data/contacts` answers it. */
export type Contact = {
  id: string;
  bankId: number;
  bankName: string | null;
  name: string;
  title: string;
  email: string | null;
  linkedinUrl: string | null;
  isHotLead: boolean;
  tags: string[];
  verification: Verification | null;
  createdAt: string;
  updatedAt: string;
  version: number;
};

/** The fields a person edits in the contact form. */
export type ContactDraft = {
  bankId: number | null;
  name: string;
  title: string;
  email: string;
  linkedinUrl: string;
  tags: string[];
};
