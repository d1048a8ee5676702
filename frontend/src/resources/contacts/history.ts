import { fixedReading } from '../shared/history.ts';
import type { VerificationResult } from './types.ts';
import { verificationLook } from './verification.ts';

/** How a contact's History reads: its bank by the name it keeps (the id apart), its email check as the list shows it. */
export const useContactHistory = fixedReading({
  fields: {
    bankId: { hidden: true },
    bankName: { label: 'Bank' },
    isHotLead: { label: 'Hot lead' },
    linkedinUrl: { label: 'LinkedIn profile' },
    repliedAt: { label: 'Replied' },
    'verification.result': { label: 'Email check', value: (result) => verificationLook({ result: result as VerificationResult, score: null }).label },
    'verification.score': { label: 'Email check score' },
    'verification.verifiedAt': { label: 'Email checked' },
  },
});
