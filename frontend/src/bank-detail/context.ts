import { createContext, useContext } from 'react';
import type { BankDetailView } from './views.ts';

/**
 * What opens and closes the bank detail, apart from the provider that hosts it: the modal and its
 * panels import this file, so the provider (index.tsx) and the modal it loads do not import each other.
 */
export type BankDetailApi = {
  open(cert: number, view?: BankDetailView): void;
  /** Closes the top-most detail (a peer returns to the bank below it). */
  close(): void;
  /** Closes every open detail, e.g. before navigating to another page. */
  closeAll(): void;
};

export const BankDetailContext = createContext<BankDetailApi | null>(null);

/** `useBankDetail().open(cert)` from anywhere inside the app shell. */
export function useBankDetail(): BankDetailApi {
  const api = useContext(BankDetailContext);
  if (!api) throw new Error('useBankDetail must be used inside <BankDetailProvider>');
  return api;
}
