import { lazy } from 'react';

/**
 * Every guarded screen, code-split: each page is its own chunk, loaded on first visit.
 * The Dashboard is the index route (react-admin's `dashboard`).
 */
export const Dashboard = lazy(() => import('./pages/dashboard/Dashboard.tsx'));

export const guardedRoutes = [
  { path: '/analyst-chat', component: lazy(() => import('./pages/analyst-chat/AnalystChat.tsx')) },
  { path: '/bank-directory', component: lazy(() => import('./pages/bank-directory/BankDirectory.tsx')) },
  { path: '/credit-box', component: lazy(() => import('./pages/credit-box/CreditBox.tsx')) },
  { path: '/outreach/targets', component: lazy(() => import('./resources/targets/TargetsScreen.tsx')) },
  { path: '/outreach/sent-mail', component: lazy(() => import('./pages/sent-mail/SentMailbox.tsx')) },
  { path: '/outreach/automation', component: lazy(() => import('./pages/automation/AutomationOutreach.tsx')) },
  { path: '/settings', component: lazy(() => import('./pages/settings/Settings.tsx')) },
  { path: '/reports', component: lazy(() => import('./pages/reports/Reports.tsx')) },
  { path: '/data-tools', component: lazy(() => import('./pages/data-tools/DataTools.tsx')) },
];

export const SignIn = lazy(() => import('./pages/auth/SignIn.tsx'));
export const SignUp = lazy(() => import('./pages/auth/SignUp.tsx'));
