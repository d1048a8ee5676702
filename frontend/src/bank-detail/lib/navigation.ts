/**
 * The left navigation of the detail modal.
 */

import type { BankDetailView } from '../views.ts';

export type NavigationItem = { view: BankDetailView; label: string };
export type NavigationGroup = { title: string; items: NavigationItem[] };

export const navigationGroups: NavigationGroup[] = [
  {
    title: 'Analysis',
    items: [
      { view: 'financials', label: 'Financials' },
      { view: 'benchmark', label: 'Benchmark' },
      { view: 'news', label: 'Latest News' },
      { view: 'trends', label: 'Historical Trends' },
      { view: 'community', label: 'Community Profile' },
    ],
  },
  {
    title: 'Outreach',
    items: [
      { view: 'contacts', label: 'Contacts' },
      { view: 'tasks', label: 'Tasks' },
    ],
  },
  {
    title: 'Corporate Data',
    items: [
      { view: 'summary', label: 'Summary' },
      { view: 'locations', label: 'Locations' },
      { view: 'history', label: 'History' },
      { view: 'demographics', label: 'Demographics' },
      { view: 'raw', label: 'Raw Institutional' },
      { view: 'failures', label: 'Failure History' },
      { view: 'deposits', label: 'Summary of Deposits' },
    ],
  },
];

export type AvailabilityFacts = { cbsaCode: string | null; csaCode: string | null; hasDemographics: boolean };

/** Why a view cannot be opened, or null when it can. */
export function disabledReason(view: BankDetailView, facts: AvailabilityFacts): string | null {
  if (view === 'community' && !facts.cbsaCode && !facts.csaCode) return 'No statistical area code available for this bank.';
  if (view === 'demographics' && !facts.hasDemographics) return 'Demographic data not available.';
  return null;
}

const shownViews = new Set(navigationGroups.flatMap((group) => group.items.map((item) => item.view)));

/** The view to open: the requested one when it is shown and enabled, else Financials. */
export function startingView(requested: BankDetailView, facts: AvailabilityFacts): BankDetailView {
  return shownViews.has(requested) && disabledReason(requested, facts) === null ? requested : 'financials';
}
