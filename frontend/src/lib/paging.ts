/** Paging of a list, 1-based: which rows a page holds and how the pager words it. */
import { groupThousands } from '../../../domain/format.ts';

export type PageInfo = { page: number; pageCount: number; from: number; to: number; total: number; hasPrevious: boolean; hasNext: boolean };

/** The page is clamped to [1, pageCount]; an empty list has one page showing rows 0 to 0. */
export function pageInfo(page: number, pageSize: number, total: number): PageInfo {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(current * pageSize, total);
  return { page: current, pageCount, from, to, total, hasPrevious: current > 1, hasNext: current < pageCount };
}

/** How many rows come before the page, for a server asked for `limit` and `offset`. */
export function pageOffset(page: number, pageSize: number): number {
  return (Math.max(1, page) - 1) * pageSize;
}

export function pageLabel(info: PageInfo): string {
  return `Page ${info.page} of ${info.pageCount}`;
}

export function showingLabel(info: PageInfo): string {
  return `Showing ${groupThousands(info.from)} to ${groupThousands(info.to)} of ${groupThousands(info.total)} results`;
}
