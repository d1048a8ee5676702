import { ApiError, apiJson, apiResponse, http } from '../../providers/http.ts';
import type { DoNotContactReason } from '../../../../domain/records/do-not-contact.ts';

export const mailgunRegions = ['US', 'EU'] as const;
export type MailgunRegion = (typeof mailgunRegions)[number];

/** The user's service settings; secrets come back masked (`••••1a2b`), '' when not set. */
export type ServiceSettings = {
  hunterApiKey: string;
  hunterApiKeySet?: boolean;
  mailgunApiKey: string;
  mailgunApiKeySet?: boolean;
  mailgunDomain: string;
  mailgunRegion: MailgunRegion;
  /** Checks that Mailgun's event webhooks (bounces, complaints, unsubscribes) come from Mailgun. */
  mailgunWebhookSigningKey: string;
  mailgunWebhookSigningKeySet?: boolean;
  /** Saved keys the server cannot open (its secrets key changed): they read as not set. */
  unreadableSecrets?: Array<'hunterApiKey' | 'mailgunApiKey' | 'mailgunWebhookSigningKey'>;
  updatedAt?: string | null;
  /** Answered by a save that changed the send window: how many scheduled automation steps moved to fit it. */
  rescheduledSteps?: number;
} & Partial<AutomationSettings>;

/** When automation may send: hours (local time), days (1 Monday to 7 Sunday), zone (null: each bank's state's) and the daily cap. */
export type AutomationSettings = { sendWindowStartHour: number; sendWindowEndHour: number; sendDays: number[]; timeZone: string | null; dailySendCap: number };
export type AutomationNumberField = 'sendWindowStartHour' | 'sendWindowEndHour' | 'dailySendCap';
/** The automation settings as the form holds and sends them: an emptied number field is null (refused under that field), not 0. */
export type AutomationSettingsForm = Omit<AutomationSettings, AutomationNumberField> & Record<AutomationNumberField, number | null>;

/** An address on the Do Not Contact list. */
export type Suppression = { id: string; email: string; reason: DoNotContactReason; detail: string | null; createdAt: string };

export type ConnectionTest = { success: boolean; message: string };

/** A connection test the server does not offer (yet) is a red result that says so, not a crash. */
async function test(path: string, body: Record<string, unknown>, service: string): Promise<ConnectionTest> {
  try {
    return await http.post<ConnectionTest>(path, body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { success: false, message: `Testing the ${service} connection is not available on this server yet.` };
    return { success: false, message: error instanceof Error ? error.message : `The ${service} test failed.` };
  }
}

export const settingsApi = {
  /**
   * Answers a new token for this session (every other one is ended). A wrong current password answers
   * 400, so a 401 here is a lost session and signs out as anywhere else.
   */
  changePassword: (currentPassword: string, newPassword: string) =>
    apiJson<{ token: string; user: { id: string; name: string; email: string } }>('/api/auth/password', { method: 'POST', body: { currentPassword, newPassword } }),
  /**
   * Answers the updated user and a new token for this session (other sessions stay signed in). A
   * wrong current password answers 400 and an address another account has 409, each naming its field.
   */
  changeEmail: (currentPassword: string, newEmail: string) =>
    apiJson<{ token: string; user: { id: string; name: string; email: string } }>('/api/auth/email', { method: 'POST', body: { currentPassword, newEmail } }),
  /** A wrong password answers 400 naming the `password` field, so a 401 here is a lost session and signs out as anywhere else. */
  deleteAccount: (password: string) => apiJson<{ deleted: true }>('/api/auth/account', { method: 'DELETE', body: { password } }),
  read: () => http.get<ServiceSettings>('/api/data/settings'),
  /** A masked secret sent back unchanged keeps the stored one. */
  save: (settings: Pick<ServiceSettings, 'hunterApiKey' | 'mailgunApiKey' | 'mailgunDomain' | 'mailgunRegion' | 'mailgunWebhookSigningKey'>) => http.put<ServiceSettings>('/api/data/settings', settings),
  saveAutomation: (settings: AutomationSettingsForm) => http.put<ServiceSettings>('/api/data/settings', settings),
  /** One page of the Do Not Contact list, newest first, searched by address on the server, with how many match in all. */
  suppressionPage: async ({ search, page, perPage }: { search: string; page: number; perPage: number }, signal?: AbortSignal): Promise<{ rows: Suppression[]; total: number }> => {
    const start = (page - 1) * perPage;
    const query = { range: JSON.stringify([start, start + perPage - 1]), sort: JSON.stringify(['createdAt', 'DESC']), filter: JSON.stringify(search ? { q: search } : {}) };
    const response = await apiResponse('/api/data/suppressions', { query, signal });
    const rows = (await response.json()) as Suppression[];
    // Content-Range: suppressions 0-24/1234
    const total = Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1] ?? rows.length);
    return { rows, total };
  },
  suppress: (email: string) => http.post<Suppression>('/api/data/suppressions', { email }),
  unsuppress: (email: string) => http.delete<Suppression>(`/api/data/suppressions/${encodeURIComponent(email)}`),
  testHunter: (hunterApiKey: string) => test('/api/services/hunter/test', { hunterApiKey }, 'contact finder'),
  testMailgun: (settings: Pick<ServiceSettings, 'mailgunApiKey' | 'mailgunDomain' | 'mailgunRegion'>) => test('/api/services/mailgun/test', settings, 'email-sending'),
};
