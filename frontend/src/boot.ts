import { QueryClient } from '@tanstack/react-query';
import { readToken } from './providers/session.ts';
import { dataProvider } from './providers/dataProvider.ts';

/** An answer of 4xx, from our API client or react-admin's (both carry the status). */
function isRefusal(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** The one query cache of the app (react-admin's and the screens'). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused request (4xx) answers the same when asked again, so its message shows at once;
      // a failure of the network or the server is tried twice more.
      retry: (failures, error) => failures < 2 && !isRefusal(error),
    },
  },
});

/**
 * A returning user opening the Dashboard would otherwise wait for the session check, then the page's
 * code, then its data, one after the other: with a stored token, start them together.
 */
export function warmUpFirstScreen(): void {
  if (!readToken()) return;
  const route = window.location.hash.replace(/^#/, '').split('?')[0];
  if (route !== '' && route !== '/') return;
  void import('./pages/dashboard/Dashboard.tsx');
  void queryClient.prefetchQuery({ queryKey: ['fdic', 'dashboard'], queryFn: () => dataProvider.dashboard(), staleTime: 5 * 60_000 });
}
