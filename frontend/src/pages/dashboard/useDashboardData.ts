import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList } from 'react-admin';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import type { TargetSnapshot } from '../../lib/portfolio.ts';
import type { TrackedBank } from '../../resources/targets/types.ts';

/** The most targets the portfolio analysis aggregates in one request (the API's page limit). */
const PORTFOLIO_LIMIT = 500;
/** Dashboard lists show 5 items. */
export const DASHBOARD_LIST_SIZE = 5;

export type TargetBank = TargetSnapshot & { id: number; cert: number; name: string; city?: string; state?: string };
export type TaskRecord = { id: string; bankId: number; bankName: string; text: string; dueDate: string; completed: boolean };
export type ContactRecord = { id: string; bankId: number; bankName: string; name: string; title?: string; email?: string; isHotLead: boolean };

export function useMarketDashboard() {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  return useQuery({ queryKey: ['fdic', 'dashboard'], queryFn: () => dataProvider.dashboard(), staleTime: 5 * 60_000 });
}

export function useTargetBanks() {
  return useGetList<TargetBank>('banks', {
    filter: { isTarget: true },
    pagination: { page: 1, perPage: PORTFOLIO_LIMIT },
    sort: { field: 'targetedAt', order: 'DESC' },
  });
}

/** Targets showing a quarter alert (ratios a newer quarter moved across a rating colour). */
export function useRatioAlerts() {
  return useGetList<TrackedBank>('banks', {
    filter: { isTarget: true, hasRatioAlert: true },
    pagination: { page: 1, perPage: DASHBOARD_LIST_SIZE },
    sort: { field: 'updatedAt', order: 'DESC' },
  });
}

export function useContactCount() {
  return useGetList<ContactRecord>('contacts', { pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' } });
}

export function useUpcomingTasks() {
  return useGetList<TaskRecord>('tasks', {
    filter: { completed: false },
    pagination: { page: 1, perPage: DASHBOARD_LIST_SIZE },
    sort: { field: 'dueDate', order: 'ASC' },
  });
}

export function useHotLeads() {
  return useGetList<ContactRecord>('contacts', {
    filter: { isHotLead: true },
    pagination: { page: 1, perPage: DASHBOARD_LIST_SIZE },
    sort: { field: 'updatedAt', order: 'DESC' },
  });
}
