/**
 * Bank Directory query and paging rules: 50 per page, default sort
 * ASSET descending, a first click on a column sorts it descending, search as `NAME: *{text}*`,
 * filters `ACTIVE:1` joined with ' AND ' to REGAGNT, BKCLASS and STALP.
 */

export const DIRECTORY_PAGE_SIZE = 50;

export type SortOrder = 'ASC' | 'DESC';
export type SortState = { field: string; order: SortOrder };

export const DEFAULT_DIRECTORY_SORT: SortState = { field: 'ASSET', order: 'DESC' };

export const regulatorOptions = [
  { value: '', label: 'All' },
  { value: 'FDIC', label: 'FDIC' },
  { value: 'FRS', label: 'FRS' },
  { value: 'OCC', label: 'OCC' },
];

export const charterOptions = [
  { value: '', label: 'All Charter Types' },
  { value: 'N', label: 'N Commercial Bank National Charter' },
  { value: 'NM', label: 'NM State Chartered Non-Member' },
  { value: 'SM', label: 'SM State Chartered FRS Member' },
  { value: 'SB', label: 'SB Savings Bank' },
];

/** The FDIC field codes a directory row shows. */
export const DIRECTORY_FIELDS = ['CERT', 'NAME', 'CITY', 'STALP', 'ASSET', 'DEP', 'OFFICES', 'REGAGNT', 'BKCLASS', 'ROA', 'NCLNLSR', 'NTLNLS', 'LNRERSFM', 'LNAUTO', 'LNCRCD', 'REPDTE'];

/**
 * `NAME:"*{text}*"`: the name contains the text as typed (blanks collapsed), punctuation included;
 * `"`, `\` and `*` are escaped so none of them acts as filter syntax. Empty when there is nothing to search.
 */
export function directorySearch(text: string): string {
  const cleaned = text.replace(/\s+/g, ' ').trim();
  return cleaned ? `NAME:"*${cleaned.replace(/["\\*]/g, (char) => `\\${char}`)}*"` : '';
}

/**
 * `ACTIVE:1`, then ` AND REGAGNT:{regulator}`, ` AND BKCLASS:{charter}` and ` AND STALP:(TX OR OK)`
 * (a bank in any of the states) when chosen.
 */
export function directoryFilters(regulator: string, charter: string, states: string[] = []): string {
  const parts = ['ACTIVE:1'];
  if (regulator) parts.push(`REGAGNT:${regulator}`);
  if (charter) parts.push(`BKCLASS:${charter}`);
  if (states.length > 0) parts.push(`STALP:(${states.join(' OR ')})`);
  return parts.join(' AND ');
}

/** A click on a column header: a new column sorts descending first; the same column toggles. */
export function nextSort(current: SortState, field: string): SortState {
  if (current.field !== field) return { field, order: 'DESC' };
  return { field, order: current.order === 'DESC' ? 'ASC' : 'DESC' };
}

/** Banks a picker offers at a time. */
const PICKER_CHOICES = 10;

/**
 * A bank picker's query of the active banks, largest first: a cert as typed (digits alone), else a
 * part of the name, as the Directory's search.
 */
export function bankPickerQuery(text: string) {
  const typed = text.trim();
  const cert = /^\d{1,7}$/.test(typed) ? typed : null;
  return {
    limit: PICKER_CHOICES,
    sort_by: 'ASSET',
    sort_order: 'DESC' as const,
    fields: 'CERT,NAME,CITY,STALP,ASSET',
    filters: cert ? `${directoryFilters('', '')} AND CERT:${cert}` : directoryFilters('', ''),
    search: cert ? '' : directorySearch(typed),
  };
}
