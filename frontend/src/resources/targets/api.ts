import { http } from '../../providers/http.ts';
import type { TrackedBank } from './types.ts';

/**
 * What the LinkedIn check answers: whether the page exists, and where its redirects end. `checked`
 * false: LinkedIn could not be asked (unreachable, slow, failing), so the address is not known to be
 * invalid; `reason` says what happened.
 */
export type LinkedinCheck = { isValid: boolean; checked: boolean; finalUrl?: string | null; reason: string };

export const targetsApi = {
  verifyLinkedin: (url: string) => http.post<LinkedinCheck>('/api/services/linkedin/verify', { url }),
  setLinkedinCompanyUrl: (cert: number, linkedinCompanyUrl: string) =>
    http.put<TrackedBank>(`/api/data/banks/${cert}/linkedin-company-url`, { linkedinCompanyUrl }),
  /** Saves freshly looked-up figures on the tracked bank (an event: the history shows when they were fetched). */
  saveFinancials: (cert: number, figures: Record<string, unknown>) => http.put<TrackedBank>(`/api/data/banks/${cert}/financials`, figures),
  /** Takes the quarter alert's badge off (the history keeps the alert). */
  dismissRatioAlert: (cert: number) => http.delete<TrackedBank>(`/api/data/banks/${cert}/ratio-alert`),
  untarget: (cert: number) => http.delete<TrackedBank>(`/api/data/banks/${cert}`),
};
