import { lazy, type ComponentType } from 'react';

/**
 * Every guarded screen, code-split: each page is its own chunk, loaded on first visit.
 * The Dashboard is the index route (react-admin's `dashboard`).
 */
export const Dashboard = lazy(() => import('./pages/dashboard/Dashboard.tsx'));

/** A guarded screen: its path, the import that loads its chunk (started early by `warmUpFirstScreen`), and its component. */
function screen(path: string, load: () => Promise<{ default: ComponentType }>) {
  return { path, load, component: lazy(load) };
}

export const guardedRoutes = [
  screen('/analyst-chat', () => import('./pages/analyst-chat/AnalystChat.tsx')),
  screen('/bank-directory', () => import('./pages/bank-directory/BankDirectory.tsx')),
  screen('/credit-box', () => import('./pages/credit-box/CreditBox.tsx')),
  screen('/outreach/targets', () => import('./resources/targets/TargetsScreen.tsx')),
  screen('/outreach/sent-mail', () => import('./pages/sent-mail/SentMailbox.tsx')),
  screen('/outreach/automation', () => import('./pages/automation/AutomationOutreach.tsx')),
  screen('/settings', () => import('./pages/settings/Settings.tsx')),
  screen('/reports', () => import('./pages/reports/Reports.tsx')),
  screen('/data-tools', () => import('./pages/data-tools/DataTools.tsx')),
];

export const SignIn = lazy(() => import('./pages/auth/SignIn.tsx'));
export const SignUp = lazy(() => import('./pages/auth/SignUp.tsx'));
