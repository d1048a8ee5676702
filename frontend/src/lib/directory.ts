/**
 * Bank Directory query and paging rules: 50 per page, default sort
 * ASSET descending, a first click on a column sorts it descending, search as `NAME: *{text}*`,
 * filters `ACTIVE:1` joined with ' AND ' to REGAGNT, BKCLASS and STALP.
 */

import { isQuarter } from '../../../domain/quarter.ts';

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

/** What a Directory screen shows, as its address keeps it. */
export type DirectoryScreen = { search: string; regulator: string; charter: string; states: string[]; sort: SortState; page: number; quarter: string | null };

/**
 * The address's query of a Directory screen: `q`, `regulator`, `charter`, `states` (TX,OK), `sort`
 * (ROA.DESC), `page` and `quarter`, each left out at its default, so a shared or bookmarked address
 * opens the same list.
 */
export function directoryAddress(screen: DirectoryScreen): string {
  const params = new URLSearchParams();
  if (screen.search.trim()) params.set('q', screen.search.trim());
  if (screen.regulator) params.set('regulator', screen.regulator);
  if (screen.charter) params.set('charter', screen.charter);
  if (screen.states.length > 0) params.set('states', screen.states.join(','));
  if (screen.sort.field !== DEFAULT_DIRECTORY_SORT.field || screen.sort.order !== DEFAULT_DIRECTORY_SORT.order) params.set('sort', `${screen.sort.field}.${screen.sort.order}`);
  if (screen.page > 1) params.set('page', String(screen.page));
  if (screen.quarter) params.set('quarter', screen.quarter);
  return params.toString();
}

/**
 * The Directory screen an address's query describes, every part not given at its default; null when
 * the query says nothing of the Directory (the screen then shows what the user left it at). A part
 * that is not a value the screen offers is left at its default.
 */
export function directoryScreenOf(query: string): DirectoryScreen | null {
  const params = new URLSearchParams(query);
  if (!['q', 'regulator', 'charter', 'states', 'sort', 'page', 'quarter'].some((key) => params.has(key))) return null;
  const offered = (options: Array<{ value: string }>, value: string | null) => (value && options.some((option) => option.value === value) ? value : '');
  const sort = /^([A-Z0-9_]+)\.(ASC|DESC)$/.exec(params.get('sort') ?? '');
  const page = Number(params.get('page'));
  const quarter = params.get('quarter');
  return {
    search: params.get('q') ?? '',
    regulator: offered(regulatorOptions, params.get('regulator')),
    charter: offered(charterOptions, params.get('charter')),
    states: (params.get('states') ?? '').split(',').filter((code) => /^[A-Z]{2}$/.test(code)),
    // Only a column the list shows sorts it: any other field is refused by the server, and the list would not load.
    sort: sort && DIRECTORY_FIELDS.includes(sort[1]) ? { field: sort[1], order: sort[2] as SortOrder } : DEFAULT_DIRECTORY_SORT,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    quarter: isQuarter(quarter) ? quarter : null,
  };
}
