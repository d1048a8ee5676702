import { Suspense, type ReactNode } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { retryingLazy } from '../ui/retryingLazy.tsx';
import { PageErrorBoundary } from '../ui/PageErrorBoundary.tsx';
import { BANK_DETAIL_ROUTE, bankDetailSearch, bankDetailShownOf, useBankDetail, usePutScreenUnderLoneDetail, type BankDetailShown } from './address.ts';

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
 * The bank detail at `#/bank/{cert}?view=...&quarter=...`, full-screen, on that view and quarter: over
 * the screen it was opened from (see `screenUnderDetail`), or, reached by its address alone, over the
 * Bank Directory put under it. Choosing another view or quarter replaces the address (Back leaves the
 * bank rather than stepping through its views); opening a peer adds one, so Back or Close returns to
 * the bank before it.
 */
export default function BankDetailScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const { close } = useBankDetail();
  usePutScreenUnderLoneDetail();
  const certParam = matchPath(BANK_DETAIL_ROUTE, location.pathname)?.params.cert ?? '';
  // A cert is a positive whole number; anything else names no bank (0 is shown as not found).
  const cert = /^\d+$/.test(certParam) ? Number(certParam) : 0;
  const shown = bankDetailShownOf(location.search);
  const show = (next: BankDetailShown) => navigate({ pathname: location.pathname, search: bankDetailSearch(next) }, { replace: true, state: location.state });
  return (
    <Suspense fallback={null}>
      <PageErrorBoundary key={cert} frame={(message) => <FailedDetail onClose={close}>{message}</FailedDetail>}>
        <BankDetailModal
          cert={cert}
          view={shown.view}
          quarter={shown.quarter}
          onSelectView={(view) => show({ ...shown, view })}
          onPickQuarter={(quarter) => show({ ...shown, quarter })}
          onClose={close}
        />
      </PageErrorBoundary>
    </Suspense>
  );
}
