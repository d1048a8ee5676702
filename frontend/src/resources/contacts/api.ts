import { ApiError, http } from '../../providers/http.ts';
import type { FoundPerson } from './search-results.ts';
import type { Contact, VerificationResult } from './types.ts';

/** What the email check answers; checked for a stored contact, the server saves it and answers the contact too. */
export type EmailCheck = { result: VerificationResult; score: number | null; contact?: Contact };

/** What the contact-finder service answers for a domain. */
export type DomainSearchAnswer = { contacts?: FoundPerson[]; message?: string; error?: string };

/** Whether a failed call means "this service is not offered here" rather than "it failed". */
function isUnavailable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 501);
}

export const contactsApi = {
  /** Records the contact's reply: every automation writing to them stops. */
  /** Of these contacts, those an automation is going through. */
  inAutomation: (ids: string[]) => http.get<Contact[]>('/api/data/contacts', { filter: JSON.stringify({ id: ids, inAutomation: true }), range: JSON.stringify([0, Math.max(0, ids.length - 1)]) }),
  markReplied: (id: string) => http.put<Contact>(`/api/data/contacts/${encodeURIComponent(id)}/replied`, {}),
  setHotLead: (id: string, isHotLead: boolean) => http.put<Contact>(`/api/data/contacts/${encodeURIComponent(id)}/hot-lead`, { isHotLead }),
  recordVerification: (id: string, verification: { result: VerificationResult; score: number | null }) =>
    http.put<Contact>(`/api/data/contacts/${encodeURIComponent(id)}/verification`, verification),
  /** Checks an address typed in a form; nothing is stored. */
  verifyEmail: (email: string) => http.post<EmailCheck | null>('/api/services/hunter/verify', { email }),
  /** Checks a contact's address and stores the outcome on it (a failed check is stored as error, score 0). */
  verifyContact: (contactId: string) => http.post<EmailCheck | null>('/api/services/hunter/verify', { contactId }),
  findByDomain: (domain: string) => http.post<DomainSearchAnswer>('/api/services/hunter/find', { domain }),
  /**
   * The AI executive search; an empty list when the AI service is not offered on this server, so
   * the contact finder still answers from the contact-finder service alone.
   */
  findExecutives: async (bankName: string): Promise<FoundPerson[]> => {
    try {
      const answer = await http.post<{ executives?: FoundPerson[]; contacts?: FoundPerson[] } | FoundPerson[]>('/api/services/gemini/find-executives', { bankName });
      if (Array.isArray(answer)) return answer;
      return answer?.executives ?? answer?.contacts ?? [];
    } catch (error) {
      if (isUnavailable(error)) return [];
      throw error;
    }
  },
  /**
   * The bank's web domain as the AI finds it from its name, for a bank with no website on file; null
   * when none is found or the AI service is not offered on this server (the user types it instead).
   */
  findBankDomain: async (bankName: string): Promise<string | null> => {
    try {
      const answer = await http.post<{ domain?: string | null }>('/api/services/gemini/find-bank-domain', { bankName });
      return answer?.domain?.trim() || null;
    } catch (error) {
      if (isUnavailable(error)) return null;
      throw error;
    }
  },
};
