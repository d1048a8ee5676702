import type { CreditBoxAnswer, CreditBoxCriteria } from '../providers/services.ts';
import { countOf, formatMoney, groupThousands, quarterLabel, yearEarlierQuarter } from '../../../domain/format.ts';

/**
 * The Credit Box filters: ranges, steps, defaults, which switches start on,
 * the select options, and the send rule (only switched-on filters whose value differs from All, 0 and
 * its default; the asset bounds and deposit growth always when on).
 */

export const CREDIT_BOX_PAGE_SIZE = 12;
export const ALL = 'All';

export type SliderFilter =
  | 'minAssets'
  | 'maxAssets'
  | 'maxNplRatio'
  | 'minTier1CapitalRatio'
  | 'minRoa'
  | 'minNetInterestMargin'
  | 'maxEfficiencyRatio'
  | 'minDepositGrowth'
  | 'minLoanVolume';
export type SelectFilter = 'region' | 'state' | 'regulator' | 'charterType' | 'minorityStatus' | 'loanType';
export type FilterName = SliderFilter | SelectFilter;

/**
 * A slider's range and step. `logScale` sliders span several orders of magnitude (ten million to ten
 * trillion dollars): their thumb moves along the logarithm of the value, so that $100B sits two thirds
 * of the way along instead of at the far left, and their values are rounded to two significant digits.
 * A `sentWhenOn` slider narrows the search at any value once switched on, its default and 0 included
 * (no growth at all is a bound of its own).
 */
export type SliderSpec = {
  name: SliderFilter;
  label: string;
  min: number;
  max: number;
  step: number;
  defaultValue: number;
  defaultOn: boolean;
  format: 'money' | 'percent';
  logScale?: boolean;
  sentWhenOn?: boolean;
};
/** A `multiple` select holds several of its options, comma-separated ('TX,OK'), and ALL for none. */
export type SelectSpec = { name: SelectFilter; label: string; options: Array<{ value: string; label: string }>; defaultOn: boolean; multiple?: boolean };

export const regions: Record<string, string[]> = {
  Northeast: ['CT', 'DE', 'MA', 'MD', 'ME', 'NH', 'NJ', 'NY', 'PA', 'RI', 'VT', 'DC'],
  Midwest: ['IA', 'IL', 'IN', 'KS', 'MI', 'MN', 'MO', 'ND', 'NE', 'OH', 'SD', 'WI'],
  South: ['AL', 'AR', 'FL', 'GA', 'KY', 'LA', 'MS', 'NC', 'OK', 'SC', 'TN', 'TX', 'VA', 'WV'],
  West: ['AK', 'AZ', 'CA', 'CO', 'HI', 'ID', 'MT', 'NM', 'NV', 'OR', 'UT', 'WA', 'WY'],
};

const allOption = { value: ALL, label: 'All' };
/** Every state code the screens offer, in alphabetical order. */
export const stateCodes = Object.values(regions).flat().sort();

export const sliders: Record<SliderFilter, SliderSpec> = {
  minAssets: { name: 'minAssets', label: 'Min Total Assets', min: 0, max: 10e9, step: 100e6, defaultValue: 0, defaultOn: true, format: 'money', sentWhenOn: true },
  maxAssets: { name: 'maxAssets', label: 'Max Total Assets', min: 10e6, max: 10e12, step: 1e9, defaultValue: 100e9, defaultOn: true, format: 'money', logScale: true, sentWhenOn: true },
  maxNplRatio: { name: 'maxNplRatio', label: 'Max NPL Ratio', min: 0, max: 10, step: 0.1, defaultValue: 3, defaultOn: true, format: 'percent' },
  minTier1CapitalRatio: { name: 'minTier1CapitalRatio', label: 'Min Tier 1 Capital Ratio', min: 0, max: 20, step: 0.5, defaultValue: 10, defaultOn: true, format: 'percent' },
  minRoa: { name: 'minRoa', label: 'Min ROA', min: -2, max: 3, step: 0.1, defaultValue: 0.5, defaultOn: true, format: 'percent' },
  minNetInterestMargin: { name: 'minNetInterestMargin', label: 'Min Net Interest Margin', min: 0, max: 6, step: 0.1, defaultValue: 2.5, defaultOn: true, format: 'percent' },
  maxEfficiencyRatio: { name: 'maxEfficiencyRatio', label: 'Max Efficiency Ratio', min: 30, max: 150, step: 1, defaultValue: 70, defaultOn: true, format: 'percent' },
  // Deposits against the same quarter a year earlier: growing banks need lending partners and treasury services.
  minDepositGrowth: { name: 'minDepositGrowth', label: 'Min Deposit Growth (YoY)', min: -20, max: 50, step: 1, defaultValue: 5, defaultOn: false, format: 'percent', sentWhenOn: true },
  minLoanVolume: { name: 'minLoanVolume', label: 'Min Loan Volume', min: 0, max: 1e9, step: 10e6, defaultValue: 0, defaultOn: false, format: 'money' },
};

export const selects: Record<SelectFilter, SelectSpec> = {
  region: { name: 'region', label: 'Region', options: [allOption, ...Object.keys(regions).map((name) => ({ value: name, label: name }))], defaultOn: false },
  state: { name: 'state', label: 'State', options: stateCodes.map((code) => ({ value: code, label: code })), defaultOn: false, multiple: true },
  regulator: { name: 'regulator', label: 'Regulator', options: [allOption, ...['FDIC', 'FRS', 'OCC'].map((value) => ({ value, label: value }))], defaultOn: false },
  charterType: {
    name: 'charterType',
    label: 'Charter Type',
    options: [
      allOption,
      { value: 'N', label: 'N Commercial Bank National Charter' },
      { value: 'NM', label: 'NM State Chartered Non-Member' },
      { value: 'SM', label: 'SM State Chartered FRS Member' },
      { value: 'SB', label: 'SB Savings Bank' },
    ],
    defaultOn: false,
  },
  minorityStatus: { name: 'minorityStatus', label: 'Minority Status', options: [allOption, ...['MDI', 'Non-MDI', 'Women-Owned'].map((value) => ({ value, label: value }))], defaultOn: false },
  loanType: {
    name: 'loanType',
    label: 'Primary Loan Type',
    options: [allOption, ...['1-4 Family Residential', 'Commercial Real Estate', 'C&I', 'Consumer', 'Auto', 'Credit Card', 'Agricultural'].map((value) => ({ value, label: value }))],
    defaultOn: false,
  },
};

/** The sidebar groups; Location, Institutional and Loan Portfolio start collapsed. */
export const filterGroups: Array<{ title: string; filters: FilterName[]; defaultOpen: boolean }> = [
  { title: 'Asset Range', filters: ['minAssets', 'maxAssets'], defaultOpen: true },
  { title: 'Performance', filters: ['maxNplRatio', 'minTier1CapitalRatio', 'minRoa', 'minNetInterestMargin', 'maxEfficiencyRatio', 'minDepositGrowth'], defaultOpen: true },
  { title: 'Location', filters: ['region', 'state'], defaultOpen: false },
  { title: 'Institutional', filters: ['regulator', 'charterType', 'minorityStatus'], defaultOpen: false },
  { title: 'Loan Portfolio', filters: ['loanType', 'minLoanVolume'], defaultOpen: false },
];

/** Thumb positions of a log-scale slider: 0 at its minimum, this at its maximum. */
export const LOG_SLIDER_POSITIONS = 600;

/** The slider's own range and step: the value range, or thumb positions for a log-scale slider. */
export function sliderTrack(spec: SliderSpec): { min: number; max: number; step: number } {
  return spec.logScale ? { min: 0, max: LOG_SLIDER_POSITIONS, step: 1 } : { min: spec.min, max: spec.max, step: spec.step };
}

/** Where the thumb sits for a value (on the slider's own track). */
export function sliderPosition(spec: SliderSpec, value: number): number {
  if (!spec.logScale) return value;
  const clamped = Math.min(spec.max, Math.max(spec.min, value));
  return ((Math.log10(clamped) - Math.log10(spec.min)) / (Math.log10(spec.max) - Math.log10(spec.min))) * LOG_SLIDER_POSITIONS;
}

/** The value a thumb position stands for. */
export function sliderValue(spec: SliderSpec, position: number): number {
  if (!spec.logScale) return position;
  const exponent = Math.log10(spec.min) + (position / LOG_SLIDER_POSITIONS) * (Math.log10(spec.max) - Math.log10(spec.min));
  return Math.min(spec.max, Math.max(spec.min, Number(Number.parseFloat((10 ** exponent).toPrecision(2)))));
}

/**
 * The value a thumb moved from `from` to `position` stands for. On a log-scale slider one position
 * is finer than two significant digits at the low end of each decade (10B and 10.2B both round to
 * 10B), so a key press there would round back to the value it left and the thumb could never pass
 * it: a move always goes on to the next position whose value differs, in the direction it was moved.
 */
export function movedSliderValue(spec: SliderSpec, from: number, position: number): number {
  const value = sliderValue(spec, position);
  const direction = Math.sign(position - sliderPosition(spec, from));
  if (value !== from || direction === 0) return value;
  for (let next = position + direction; next >= 0 && next <= LOG_SLIDER_POSITIONS; next += direction) {
    const further = sliderValue(spec, next);
    if (further !== from) return further;
  }
  return value;
}

/** A slider's value as the screen reads it, and as its field shows it to be typed over: $250.00M, 1.25%. */
export function sliderText(spec: SliderSpec, value: number): string {
  return spec.format === 'money' ? formatMoney(value) : `${Number(value.toFixed(2))}%`;
}

const moneyUnits: Record<string, number> = { '': 1, k: 1e3, m: 1e6, b: 1e9, t: 1e12 };

/**
 * A value typed into a slider's field: an amount of dollars, whole or with K, M, B or T ($250M,
 * 250m, 1.5B, 250,000,000), or a percentage (1.25 or 1.25%). One outside the slider's range is refused
 * with the range it must be in, as is one that is no number; it is taken as typed, between the steps.
 */
export function typedSliderValue(spec: SliderSpec, text: string): { value: number } | { error: string } {
  const plain = text.trim().replace(/[\s,]/g, '').toLowerCase();
  const typed = spec.format === 'money' ? /^\$?(\d+(?:\.\d+)?|\.\d+)([kmbt]?)$/.exec(plain) : /^(-?(?:\d+(?:\.\d+)?|\.\d+))(%?)$/.exec(plain);
  const range = `${sliderText(spec, spec.min)} to ${sliderText(spec, spec.max)}`;
  if (!typed) return { error: spec.format === 'money' ? `Type an amount such as $250M or 1.5B, from ${range}.` : `Type a percentage such as 1.25, from ${range}.` };
  const value = spec.format === 'money' ? Math.round(Number(typed[1]) * moneyUnits[typed[2]]) : Number(typed[1]);
  if (value < spec.min || value > spec.max) return { error: `Type a value from ${range}.` };
  return { value };
}

export type FilterState = {
  values: Record<SliderFilter, number> & Record<SelectFilter, string>;
  enabled: Record<FilterName, boolean>;
};

export function isSlider(name: FilterName): name is SliderFilter {
  return Object.hasOwn(sliders, name);
}

/** Whether a name is one of the Credit Box filters (its own names only, never an inherited one like `constructor`). */
function isFilterName(name: string): name is FilterName {
  return Object.hasOwn(sliders, name) || Object.hasOwn(selects, name);
}

export function defaultFilterState(): FilterState {
  const values = {
    ...Object.fromEntries(Object.values(sliders).map((spec) => [spec.name, spec.defaultValue])),
    ...Object.fromEntries(Object.values(selects).map((spec) => [spec.name, ALL])),
  } as FilterState['values'];
  const enabled = Object.fromEntries([...Object.values(sliders), ...Object.values(selects)].map((spec) => [spec.name, spec.defaultOn])) as FilterState['enabled'];
  return { values, enabled };
}

/** A new value for one filter; choosing a region resets the state to All and the reverse. */
export function withValue(state: FilterState, name: FilterName, value: number | string): FilterState {
  const values = { ...state.values, [name]: value } as FilterState['values'];
  if (name === 'region' && value !== ALL) values.state = ALL;
  if (name === 'state' && value !== ALL) values.region = ALL;
  return { ...state, values };
}

/** The options a `multiple` select holds (none for ALL). */
export function chosenOptions(value: string): string[] {
  return value && value !== ALL ? value.split(',') : [];
}

/** A `multiple` select's value holding these options: comma-separated, ALL for none. */
export function optionsValue(options: string[]): string {
  return options.length > 0 ? options.join(',') : ALL;
}

export function withSwitch(state: FilterState, name: FilterName, on: boolean): FilterState {
  return { ...state, enabled: { ...state.enabled, [name]: on } };
}

/** Sliders are parsed as decimals. */
function decimal(value: number | string): number {
  return typeof value === 'number' ? value : Number.parseFloat(value);
}

/** Whether a switched-on slider at this value narrows the search (the send rule stated at the top of this file). */
export function sliderApplies(spec: SliderSpec, value: number | string): boolean {
  const number = decimal(value);
  if (!Number.isFinite(number)) return false;
  return spec.sentWhenOn === true || (number !== 0 && number !== spec.defaultValue);
}

/** The criteria sent to the search: the send rule stated at the top of this file. */
export function criteriaToSend(state: FilterState): CreditBoxCriteria {
  const criteria: Record<string, number | string> = {};
  for (const spec of Object.values(sliders)) {
    if (state.enabled[spec.name] && sliderApplies(spec, state.values[spec.name])) criteria[spec.name] = decimal(state.values[spec.name]);
  }
  for (const spec of Object.values(selects)) {
    const value = state.values[spec.name];
    if (state.enabled[spec.name] && value && value !== ALL) criteria[spec.name] = value;
  }
  return criteria as CreditBoxCriteria;
}

/**
 * The filters that send these criteria: each criterion's filter on at its value, a filter sent
 * whenever on off when absent, every other filter as it starts. A value the screen does not offer is
 * left out.
 */
export function filterStateOf(criteria: Record<string, string>): FilterState {
  let state = defaultFilterState();
  for (const spec of Object.values(sliders)) {
    const value = Number.parseFloat(criteria[spec.name] ?? '');
    if (Number.isFinite(value) && value >= spec.min && value <= spec.max) state = withSwitch(withValue(state, spec.name, value), spec.name, true);
    else if (spec.sentWhenOn) state = withSwitch(state, spec.name, false);
  }
  for (const spec of Object.values(selects)) {
    const chosen = spec.multiple ? chosenOptions(criteria[spec.name] ?? '') : [criteria[spec.name] ?? ''];
    const offered = chosen.filter((value) => spec.options.some((option) => option.value === value && value !== ALL));
    if (offered.length > 0) state = withSwitch(withValue(state, spec.name, optionsValue(offered)), spec.name, true);
  }
  return state;
}

/** A search shown: its criteria and page. */
export type CreditBoxSearch = { criteria: CreditBoxCriteria; page: number };

/** The address's query of a search shown: each criterion by its name (state as TX,OK), and `page` past the first. */
export function creditBoxAddress(search: CreditBoxSearch | null): string {
  if (!search) return '';
  const params = new URLSearchParams(Object.entries(search.criteria).map(([name, value]) => [name, String(value)]));
  if (search.page > 1) params.set('page', String(search.page));
  return params.toString();
}

/** The filters and search an address's query describes; null when it names no criterion of the Credit Box. */
export function creditBoxSearchOf(query: string): { filters: FilterState; search: CreditBoxSearch } | null {
  const params = new URLSearchParams(query);
  const given = Object.fromEntries([...params.entries()].filter(([name]) => isFilterName(name)));
  if (Object.keys(given).length === 0) return null;
  const filters = filterStateOf(given);
  const page = Number(params.get('page'));
  return { filters, search: { criteria: criteriaToSend(filters), page: Number.isInteger(page) && page > 1 ? page : 1 } };
}

/**
 * What the count of results holds when not every bank meets every scored criterion (a scored
 * criterion ranks a bank rather than leaving it out); null when all do.
 */
export function matchSummary(total: number, fullMatches: number | undefined): string | null {
  // An answer without the count (a server of an earlier release) says nothing rather than NaN.
  if (fullMatches === undefined || !Number.isFinite(fullMatches) || fullMatches >= total) return null;
  const rest = total - fullMatches;
  if (fullMatches === 0) return `None of the ${groupThousands(total)} meets every criterion: they are ranked by how many they meet.`;
  return `${groupThousands(fullMatches)} of them meet${fullMatches === 1 ? 's' : ''} every criterion; the other ${groupThousands(rest)} meet${rest === 1 ? 's' : ''} some and ${rest === 1 ? 'is' : 'are'} ranked below by match.`;
}

/** What a scored criterion needs that a bank's data may not report, in a reader's words. */
function figureNeeded(name: FilterName, criteria: CreditBoxCriteria, quarter: string | null, its: 'its' | 'their'): string {
  switch (name) {
    case 'maxNplRatio':
      return 'a noncurrent loans ratio';
    case 'minTier1CapitalRatio':
      return 'a Tier 1 capital ratio';
    case 'minRoa':
      return 'a return on assets';
    case 'minNetInterestMargin':
      return 'a net interest margin';
    case 'maxEfficiencyRatio':
      return 'an efficiency ratio';
    case 'loanType':
      return `the full breakdown of ${its} loans by type (1-4 family residential, commercial real estate and the other lines) needed to tell ${its} main loan type`;
    case 'minLoanVolume':
      return `${its} ${criteria.loanType ? `${criteria.loanType} loans` : 'total loans'}`;
    case 'minDepositGrowth':
      return `${its} deposits of ${quarter ? quarterLabel(yearEarlierQuarter(quarter)) : 'the same quarter a year earlier'}, a year before these figures`;
    default:
      return 'the figures it needs';
  }
}

/** A filter's label as the sidebar shows it. */
const filterLabel = (name: FilterName) => (isSlider(name) ? sliders[name].label : selects[name].label);

export type NotReportedNote = { name: FilterName; text: string; filterNote: string | null };

/**
 * The scored criteria of a search that some of its banks could not be judged on, their figures not
 * being reported (such a bank does not meet it), each with what the results say (`text`). When none
 * of them reports it the filter cannot be met at all: the sidebar says so next to it (`filterNote`).
 */
export function notReportedNotes(
  criteria: CreditBoxCriteria,
  answer: Pick<CreditBoxAnswer, 'total' | 'notReported' | 'quarter'>,
): NotReportedNote[] {
  // An answer without the counts (a server of an earlier release) says nothing.
  return Object.entries(answer.notReported ?? {}).flatMap(([name, count]): NotReportedNote[] => {
    if (!isFilterName(name) || !count || count <= 0 || answer.total <= 0) return [];
    const label = filterLabel(name);
    const one = count === 1;
    if (count >= answer.total) {
      const figure = figureNeeded(name, criteria, answer.quarter, 'its');
      const filterNote = `Cannot be met: none of these banks reports ${figure}.`;
      return [{ name, filterNote, text: `${label} cannot be met: none of these banks reports ${figure}.` }];
    }
    const figure = figureNeeded(name, criteria, answer.quarter, one ? 'its' : 'their');
    return [{ name, filterNote: null, text: `${countOf(count, 'bank')} ${one ? 'does' : 'do'} not report ${figure}, so ${one ? 'it does' : 'they do'} not meet ${label}.` }];
  });
}
