import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { retryingLazy } from '../ui/retryingLazy.tsx';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { PageErrorBoundary } from '../ui/PageErrorBoundary.tsx';
import { BankDetailContext } from './context.ts';
import type { BankDetailView } from './views.ts';

export { useBankDetail } from './context.ts';
export type { BankDetailView } from './views.ts';

type OpenDetail = { cert: number; view: BankDetailView };
const BankDetailModal = retryingLazy(() => import('./BankDetailModal.tsx'));

/** A bank detail whose code failed to load or that crashed: what happened, over the page, with Close. */
function FailedDetail({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="failed-bank-detail-title">
      <DialogTitle id="failed-bank-detail-title">The bank detail could not be shown</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

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
          <PageErrorBoundary key={`${entry.cert}-${index}`} frame={(message) => <FailedDetail onClose={close}>{message}</FailedDetail>}>
            <BankDetailModal cert={entry.cert} initialView={entry.view} onClose={close} />
          </PageErrorBoundary>
        ))}
      </Suspense>
    </BankDetailContext.Provider>
  );
}
