import { createContext, useContext } from 'react';
import type { Contact } from './types.ts';

/** Opens the Send Email modal for a contact of a bank. */
export type OpenSendEmail = (contact: Contact, bank: { cert: number; name: string }) => void;

/**
 * Where the Send Email modal plugs in: the mail feature provides `SendEmailSlot` around the app with
 * its opener; contact rows show 'Send Email' (for contacts with an email) only when one is provided,
 * so no button ever does nothing.
 */
export const SendEmailSlot = createContext<OpenSendEmail | null>(null);

export function useSendEmail(): OpenSendEmail | null {
  return useContext(SendEmailSlot);
}
