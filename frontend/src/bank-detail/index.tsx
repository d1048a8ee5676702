import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { BankDetailView } from './views.ts';

export type { BankDetailView } from './views.ts';

type OpenDetail = { cert: number; view: BankDetailView };
type BankDetailApi = {
  open(cert: number, view?: BankDetailView): void;
  /** Closes the top-most detail (a peer returns to the bank below it). */
  close(): void;
  /** Closes every open detail, e.g. before navigating to another page. */
  closeAll(): void;
};

const BankDetailContext = createContext<BankDetailApi | null>(null);
const BankDetailModal = lazy(() => import('./BankDetailModal.tsx'));

/**
 * Hosts the full-screen bank detail modal. Opening a bank while one is open (a peer from the
 * benchmark) stacks it on top; closing returns to the one below.
 */
export function BankDetailProvider({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<OpenDetail[]>([]);
  const open = useCallback((cert: number, view: BankDetailView = 'financials') => setStack((current) => [...current, { cert, view }]), []);
  const close = useCallback(() => setStack((current) => current.slice(0, -1)), []);
  const closeAll = useCallback(() => setStack([]), []);
  const api = useMemo(() => ({ open, close, closeAll }), [open, close, closeAll]);
  return (
    <BankDetailContext.Provider value={api}>
      {children}
      <Suspense fallback={null}>
        {stack.map((entry, index) => (
          <BankDetailModal key={`${entry.cert}-${index}`} cert={entry.cert} initialView={entry.view} onClose={close} />
        ))}
      </Suspense>
    </BankDetailContext.Provider>
  );
}

/** `useBankDetail().open(cert)` from anywhere inside the app shell. */
export function useBankDetail(): BankDetailApi {
  const api = useContext(BankDetailContext);
  if (!api) throw new Error('useBankDetail must be used inside <BankDetailProvider>');
  return api;
}
