import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { BankDetailContext } from './context.ts';
import type { BankDetailView } from './views.ts';

export { useBankDetail } from './context.ts';
export type { BankDetailView } from './views.ts';

type OpenDetail = { cert: number; view: BankDetailView };
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
