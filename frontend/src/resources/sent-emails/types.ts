/** A sent email as `/api/data/sent-emails` answers it. */
export type SentEmail = {
  id: string;
  contactId: string | null;
  bankId: number;
  bankName: string | null;
  recipientName: string;
  recipientEmail: string;
  subject: string;
  body: string;
  status?: string;
  sentAt: string | null;
  createdAt: string;
  version: number;
};
