import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import type { BankDetailView } from './views.ts';

/**
 * A bank's detail has its own address, `#/bank/{cert}` (the form AI answers link to), with the view
 * shown as `?view=`, so it can be shared, bookmarked, opened in a new tab and left with Back.
 */
export function bankDetailPath(cert: number, view: BankDetailView = 'financials'): string {
  return view === 'financials' ? `/bank/${cert}` : `/bank/${cert}?view=${view}`;
}

/** The pattern of that address, to read the cert back from it. */
export const BANK_DETAIL_ROUTE = '/bank/:cert';

/** Where closing a bank detail goes when nothing in the app came before it (opened from a link or a new tab). */
const CLOSED_DETAIL_PATH = '/bank-directory';

/**
 * The screen a bank detail opened from inside the app is shown over, kept in its history entry: the
 * screen stays as it was under the full-screen detail (its scroll, its open dialog, the button focus
 * returns to), and is shown again, not rebuilt, when the detail closes. A detail reached by its
 * address alone (pasted, reloaded in a new tab) has none and is the whole screen.
 */
export function screenUnderDetail(location: Location): Location | null {
  const background = (location.state as { background?: unknown } | null)?.background;
  return typeof background === 'object' && background !== null && typeof (background as Location).pathname === 'string' ? (background as Location) : null;
}

export type BankDetailApi = {
  /** Goes to the bank's detail; Back (or Close) returns to the screen it was opened from, a peer to the bank before it. */
  open(cert: number, view?: BankDetailView): void;
  /** A link's `to` and `state` for the same (so the browser can also open it in a new tab). */
  linkTo(cert: number, view?: BankDetailView): { to: string; state: { background: Location } };
  /** Leaves the detail shown for the screen before it. */
  close(): void;
};

/** `useBankDetail().open(cert)` from anywhere inside the app. */
export function useBankDetail(): BankDetailApi {
  const navigate = useNavigate();
  const location = useLocation();
  // The router keys every entry it made; the one the tab opened on is 'default', and has no app screen behind it.
  const arrivedHere = location.key === 'default';
  const linkTo = useCallback(
    (cert: number, view?: BankDetailView) => ({ to: bankDetailPath(cert, view), state: { background: screenUnderDetail(location) ?? location } }),
    [location],
  );
  const open = useCallback((cert: number, view?: BankDetailView) => {
    const { to, state } = linkTo(cert, view);
    navigate(to, { state });
  }, [linkTo, navigate]);
  const close = useCallback(() => (arrivedHere ? navigate(CLOSED_DETAIL_PATH, { replace: true }) : navigate(-1)), [arrivedHere, navigate]);
  return useMemo(() => ({ open, linkTo, close }), [open, linkTo, close]);
}
