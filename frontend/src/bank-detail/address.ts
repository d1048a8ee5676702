import { useCallback, useLayoutEffect, useMemo } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { isQuarter } from '../../../domain/quarter.ts';
import type { BankDetailView } from './views.ts';

/**
 * What a bank's detail shows besides the bank: the view, and the quarter picked in the Financials
 * view, which the Benchmark compares on too (null: the bank's newest).
 */
export type BankDetailShown = { view: BankDetailView; quarter: string | null };

/** The search part of a detail's address for what it shows: '' for the Financials view of the newest quarter. */
export function bankDetailSearch({ view, quarter }: BankDetailShown): string {
  const params = new URLSearchParams();
  if (view !== 'financials') params.set('view', view);
  if (quarter) params.set('quarter', quarter);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** What a detail's address shows, read back from its search part; a quarter that names none is ignored. */
export function bankDetailShownOf(search: string): BankDetailShown {
  const params = new URLSearchParams(search);
  const quarter = params.get('quarter');
  return { view: (params.get('view') ?? 'financials') as BankDetailView, quarter: isQuarter(quarter) ? quarter : null };
}

/**
 * A bank's detail has its own address, `#/bank/{cert}` (the form AI answers link to), with the view
 * shown as `?view=` and the quarter picked as `quarter=`, so it can be shared, bookmarked, opened in
 * a new tab and left with Back.
 */
export function bankDetailPath(cert: number, view: BankDetailView = 'financials'): string {
  return `/bank/${cert}${bankDetailSearch({ view, quarter: null })}`;
}

/** The pattern of that address, to read the cert back from it. */
export const BANK_DETAIL_ROUTE = '/bank/:cert';

/**
 * The screen a bank detail reached by its address alone (pasted, opened in a new tab) is put over,
 * so that Back and Close both go to it rather than out of the app or to whatever page came before.
 */
const SCREEN_UNDER_LONE_DETAIL: Location = { pathname: '/bank-directory', search: '', hash: '', state: null, key: 'under-lone-bank-detail' };

/**
 * The screen a bank detail opened from inside the app is shown over, kept in its history entry: the
 * screen stays as it was under the full-screen detail (its scroll, its open dialog, the button focus
 * returns to), and is shown again, not rebuilt, when the detail closes. A detail reached by its
 * address alone (pasted, opened in a new tab) has none until the Bank Directory is put under it.
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

/**
 * A bank detail reached by its address alone gets the Bank Directory under it, as if opened from
 * there: its history entry becomes the Directory's, and the detail is added after it, over it.
 */
export function usePutScreenUnderLoneDetail(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const alone = screenUnderDetail(location) === null;
  useLayoutEffect(() => {
    if (!alone) return;
    navigate(SCREEN_UNDER_LONE_DETAIL, { replace: true });
    const state = typeof location.state === 'object' && location.state !== null ? location.state : {};
    navigate({ pathname: location.pathname, search: location.search }, { state: { ...state, background: SCREEN_UNDER_LONE_DETAIL } });
  }, [alone, location, navigate]);
}

/** `useBankDetail().open(cert)` from anywhere inside the app. */
export function useBankDetail(): BankDetailApi {
  const navigate = useNavigate();
  const location = useLocation();
  const linkTo = useCallback(
    (cert: number, view?: BankDetailView) => ({ to: bankDetailPath(cert, view), state: { background: screenUnderDetail(location) ?? location } }),
    [location],
  );
  const open = useCallback((cert: number, view?: BankDetailView) => {
    const { to, state } = linkTo(cert, view);
    navigate(to, { state });
  }, [linkTo, navigate]);
  // Every detail has the screen it is shown over in the entry before its own (see usePutScreenUnderLoneDetail).
  const close = useCallback(() => navigate(-1), [navigate]);
  return useMemo(() => ({ open, linkTo, close }), [open, linkTo, close]);
}
