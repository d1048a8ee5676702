import { groupThousands } from '../../../../domain/format.ts';

/** Every list serves pages of at least this many records, so an export reads it this many at a time. */
export const EXPORT_PAGE_SIZE = 500;
/** An export holds at most this many records (a CSV a spreadsheet opens); past it the user is told. */
export const EXPORT_LIMIT = 50_000;

type Page<Row> = { data: Row[]; total?: number };

/**
 * Every record a list shows, read page by page in its order, up to `limit`, with the list's total
 * (react-admin's own export reads one page of 1,000, which a list serving 500 cut to 500, silently).
 */
export async function readAllPages<Row>(readPage: (page: number, perPage: number) => Promise<Page<Row>>, limit = EXPORT_LIMIT): Promise<{ records: Row[]; total: number }> {
  const records: Row[] = [];
  let total = Infinity;
  for (let page = 1; records.length < Math.min(total, limit); page += 1) {
    const answer = await readPage(page, EXPORT_PAGE_SIZE);
    records.push(...answer.data);
    total = answer.total ?? records.length;
    if (answer.data.length < EXPORT_PAGE_SIZE) break;
  }
  return { records: records.slice(0, limit), total: Math.max(total, records.length) };
}

/** What the user is told when an export stops at the limit. */
export const exportCutText = (exported: number, total: number) =>
  `Exported the first ${groupThousands(exported)} of ${groupThousands(total)} records. Narrow the filters to export the rest.`;
