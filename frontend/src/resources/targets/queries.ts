import type { QueryClient } from '@tanstack/react-query';
import type { GetListParams, GetListResult } from 'react-admin';
import { dataProvider } from '../../providers/dataProvider.ts';
import type { Contact } from '../contacts/types.ts';
import type { Task } from '../tasks/types.ts';
import type { TrackedBank } from './types.ts';

/** Page sizes offered on Targets; 25 to start with. */
export const TARGET_PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_TARGET_PAGE_SIZE = 25;
/** The most contacts or tasks loaded for one page of targets. */
const PAGE_RECORDS_LIMIT = 5000;

type ListParams = Pick<GetListParams, 'filter' | 'pagination' | 'sort'>;

/** One page of the user's targets, newest first, searched by `query` when given. */
export function targetPageParams(page: number, perPage: number, query = ''): ListParams {
  return { filter: { isTarget: true, ...(query ? { q: query } : {}) }, pagination: { page, perPage }, sort: { field: 'createdAt', order: 'DESC' } };
}

/** The total of a list: one row asked for, the count read from Content-Range. */
export function totalParams(filter: Record<string, unknown>): ListParams {
  return { filter, pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' } };
}

/** The totals in Targets' header. */
export const targetTotals = {
  tracked: { resource: 'banks', params: totalParams({ isTarget: true }) },
  contacts: { resource: 'contacts', params: totalParams({}) },
  hotContacts: { resource: 'contacts', params: totalParams({ isHotLead: true }) },
};
export type TotalQuery = (typeof targetTotals)[keyof typeof targetTotals];

/** The contacts and the tasks of the banks on one page of targets, one call each. */
export function targetWorkParams(certs: number[]): { contacts: ListParams; tasks: ListParams } {
  const pagination = { page: 1, perPage: PAGE_RECORDS_LIMIT };
  return {
    contacts: { filter: { bankId: certs }, pagination, sort: { field: 'name', order: 'ASC' } },
    tasks: { filter: { bankId: certs }, pagination, sort: { field: 'dueDate', order: 'ASC' } },
  };
}

/** The query react-admin's `useGetList(resource, params)` keeps its answer under, with the same fetch. */
function listQuery<RecordType extends { id: string | number }>(resource: string, { filter, pagination, sort }: ListParams) {
  return {
    queryKey: [resource, 'getList', { pagination, sort, filter }],
    queryFn: (): Promise<GetListResult<RecordType>> => dataProvider.getList<RecordType>(resource, { filter, pagination, sort }),
  };
}

/**
 * Opening Targets directly (a reload, a bookmark) would wait for the session check and the first
 * render of the layout before asking for anything. Asked from boot instead, the first page, the
 * header's totals and then that page's contacts and tasks are on their way while the app's code
 * starts; the screen's own queries find them in the cache (and refresh them in the background).
 */
export async function prefetchTargets(queryClient: QueryClient): Promise<void> {
  for (const { resource, params } of Object.values(targetTotals)) void queryClient.prefetchQuery(listQuery(resource, params));
  const firstPage = await queryClient.fetchQuery(listQuery<TrackedBank>('banks', targetPageParams(1, DEFAULT_TARGET_PAGE_SIZE)));
  const work = targetWorkParams(firstPage.data.map((bank) => bank.cert));
  void queryClient.prefetchQuery(listQuery<Contact>('contacts', work.contacts));
  void queryClient.prefetchQuery(listQuery<Task>('tasks', work.tasks));
}
