import { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { readToken } from './providers/session.ts';
import { dataProvider } from './providers/dataProvider.ts';
import { dashboard, guardedRoutes } from './routes.tsx';

/** The one query cache of the app (react-admin's and the screens'). */
export const queryClient = new QueryClient();

/**
 * A returning user opening a screen would otherwise wait for the session check, then the page's
 * code, then its data, one after the other: with a stored token, start loading the screen's code
 * at once, and the data of the Dashboard and of any screen that says how to ask for its first data.
 */
export function warmUpFirstScreen(): void {
  if (!readToken()) return;
  const route = window.location.hash.replace(/^#/, '').split('?')[0];
  if (route === '' || route === '/') {
    void dashboard.load();
    void queryClient.prefetchQuery({ queryKey: ['fdic', 'dashboard'], queryFn: () => dataProvider.dashboard(), staleTime: 5 * 60_000 });
    return;
  }
  // A path with a parameter (a bank's detail, /bank/:cert) matches as a pattern.
  const screen = guardedRoutes.find((candidate) => matchPath(candidate.path, route) !== null || route.startsWith(`${candidate.path}/`));
  if (!screen) return;
  void screen.load();
  // A failed prefetch only means the screen asks again itself.
  if (route === screen.path) screen.prefetch?.(queryClient).catch(() => undefined);
}
