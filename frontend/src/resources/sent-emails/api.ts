import { http } from '../../providers/http.ts';
import type { DeliveryStatus, SentEmail } from './mailbox.ts';

/** Whether the user must decide what happens to an email: it failed, or it may or may not have gone out. */
export function needsDecision(status: DeliveryStatus): boolean {
  return status === 'failed' || status === 'unknown';
}

export const sentEmailsApi = {
  /** Queues the email again as a new one naming the old; the old one is settled (dismissed) by it. */
  resend: (id: string) => http.post<{ id: string; status: string }>(`/api/data/sent-emails/${encodeURIComponent(id)}/resend`, {}),
  /** Settles the email as it is: nothing more is sent. */
  dismiss: (id: string) => http.post<SentEmail>(`/api/data/sent-emails/${encodeURIComponent(id)}/dismiss`, {}),
};
