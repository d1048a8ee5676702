import type { QueryClient } from '@tanstack/react-query';
import { lazy, useState, type ComponentType } from 'react';
import { retryingLazy } from './ui/retryingLazy.tsx';
import { prefetchTargets } from './resources/targets/queries.ts';

type PageModule = { default: ComponentType };

/**
 * A code-split page: `load` fetches its chunk (boot starts it for the screen being opened, with the
 * session check), and `component` renders it. A page whose code has already arrived renders at once
 * instead of through `lazy`: a lazy component suspends on its first render even when its chunk is
 * loaded, and React holds a suspended boundary's content back for up to 300 ms once its fallback shows.
 */
function codeSplit(load: () => Promise<PageModule>) {
  let loaded: ComponentType | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = retryingLazy(loadAndKeep);
  function Page() {
    // Chosen once per mount: switching from the lazy to the loaded component later would remount the page.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { load: loadAndKeep, component: Page };
}

/** The Dashboard, the index route (react-admin's `dashboard`). */
export const dashboard = codeSplit(() => import('./pages/dashboard/Dashboard.tsx'));

/** A bank's detail: a screen of its own when reached by its address, else shown by the layout over the screen it was opened from. */
export const bankDetail = codeSplit(() => import('./bank-detail/BankDetailScreen.tsx'));

/** A screen's first data, asked for by boot when the app opens on that screen (see `warmUpFirstScreen`). */
type Prefetch = (queryClient: QueryClient) => Promise<void>;

/** Every other guarded screen, each its own chunk, loaded on first visit. */
export const guardedRoutes: Array<{ path: string; load: () => Promise<PageModule>; component: ComponentType; prefetch?: Prefetch }> = [
  { path: '/analyst-chat', ...codeSplit(() => import('./pages/analyst-chat/AnalystChat.tsx')) },
  { path: '/bank/:cert', ...bankDetail },
  { path: '/bank-directory', ...codeSplit(() => import('./pages/bank-directory/BankDirectory.tsx')) },
  { path: '/credit-box', ...codeSplit(() => import('./pages/credit-box/CreditBox.tsx')) },
  { path: '/outreach/targets', ...codeSplit(() => import('./resources/targets/TargetsScreen.tsx')), prefetch: prefetchTargets },
  { path: '/outreach/sent-mail', ...codeSplit(() => import('./pages/sent-mail/SentMailbox.tsx')) },
  { path: '/outreach/automation', ...codeSplit(() => import('./pages/automation/AutomationOutreach.tsx')) },
  { path: '/settings', ...codeSplit(() => import('./pages/settings/Settings.tsx')) },
  { path: '/reports', ...codeSplit(() => import('./pages/reports/Reports.tsx')) },
  { path: '/data-tools', ...codeSplit(() => import('./pages/data-tools/DataTools.tsx')) },
];

export const SignIn = lazy(() => import('./pages/auth/SignIn.tsx'));
export const SignUp = lazy(() => import('./pages/auth/SignUp.tsx'));
export const ForgotPassword = lazy(() => import('./pages/auth/ForgotPassword.tsx'));
export const ResetPassword = lazy(() => import('./pages/auth/ResetPassword.tsx'));
