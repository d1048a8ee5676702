/** Server-side paging of the detail lists (locations and deposits 20, corporate history 15). */

export const listPageSize = 20;
export const historyPageSize = 15;

export type PageInfo = { page: number; pageCount: number; first: number; last: number; total: number; showPager: boolean };

/** Page numbers start at 1 and are clamped to [1, pageCount]; the pager shows only when the total exceeds one page. */
export function pageInfo(page: number, pageSize: number, total: number): PageInfo {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const first = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const last = Math.min(current * pageSize, total);
  return { page: current, pageCount, first, last, total, showPager: total > pageSize };
}

export function pageOffset(page: number, pageSize: number): number {
  return (Math.max(1, page) - 1) * pageSize;
}

export function showingText(info: PageInfo): string {
  return `Showing ${info.first} to ${info.last} of ${info.total} results`;
}
