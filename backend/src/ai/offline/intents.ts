import { demoStates } from '../../regulator/demo/geography.ts';
import { type BankFilters, type MetricThreshold, sizeBands } from '../data.ts';
import { findMetric, wordIndex, type Metric } from '../metrics.ts';

/**
 * What a question asks, read without a language model: the offline analyst answers the common
 * questions (rankings, one bank, one figure, peers, the market, the user's targets) and says what
 * it can do for anything else. Pure: the bank names to look for are passed in.
 */

export type NamedBank = { cert: number; name: string; assets: number | null };

export type Intent =
  | { kind: 'rank'; metric: Metric; order: 'desc' | 'asc'; limit: number; filters: BankFilters; quarter?: string; threshold?: MetricThreshold }
  | { kind: 'figure'; bank: NamedBank; metric: Metric; quarter?: string }
  | { kind: 'analyse'; bank: NamedBank; quarter?: string }
  | { kind: 'peers'; bank: NamedBank; quarter?: string }
  | { kind: 'market'; state?: string; quarter?: string }
  | { kind: 'targets'; bank?: NamedBank }
  | { kind: 'news' }
  | { kind: 'help'; unknownBank?: boolean };

const stateByName = new Map(demoStates.map((state) => [state.name.toLowerCase(), state.code]));
const stateCodes = new Set(demoStates.map((state) => state.code));
const quarterEnds = ['0331', '0630', '0930', '1231'];

/**
 * Bank names compared without case, punctuation and the legal suffixes people leave out. The
 * punctuation that closes a question or a clause (? ! : ;) goes too, so a name written just before
 * it ("the ROA of First Bank?") is still found.
 */
export function normaliseName(name: string): string {
  return ` ${name.toLowerCase().replace(/[.,'’&()?!:;]/g, ' ')} `
    .replace(/\s+(national association|n a|inc|incorporated|the)\s+/g, ' ')
    .replace(/^\s*the\s+/, ' ')
    .replace(/\s+/g, ' ');
}

/** The bank a question names: by cert, else the longest bank name found in it (largest bank on a tie). */
export function findNamedBank(question: string, banks: readonly NamedBank[]): NamedBank | null {
  const byCert = /\bcert(?:ificate)?\s*(?:#|no\.?|number)?\s*:?\s*(\d{1,7})\b/i.exec(question) ?? /#\s*(\d{2,7})\b/.exec(question);
  if (byCert) {
    const cert = Number(byCert[1]);
    return banks.find((bank) => bank.cert === cert) ?? null;
  }
  const text = normaliseName(question);
  let best: { bank: NamedBank; length: number } | null = null;
  for (const bank of banks) {
    const name = normaliseName(bank.name).trim();
    if (name.length < 6 || !text.includes(` ${name} `)) continue;
    if (!best || name.length > best.length || (name.length === best.length && (bank.assets ?? 0) > (best.bank.assets ?? 0))) best = { bank, length: name.length };
  }
  return best?.bank ?? null;
}

export function findQuarter(question: string): string | undefined {
  const lower = question.toLowerCase();
  const quarter = /\bq([1-4])\s*(?:of\s*)?'?(\d{4})\b/.exec(lower) ?? /\b(\d{4})\s*q([1-4])\b/.exec(lower);
  if (quarter) {
    const [q, year] = /^\d{4}$/.test(quarter[1]) ? [quarter[2], quarter[1]] : [quarter[1], quarter[2]];
    return `${year}${quarterEnds[Number(q) - 1]}`;
  }
  const date = /\b(20\d{2}|19\d{2})-?(03|06|09|12)-?(31|30)\b/.exec(lower);
  if (date) return `${date[1]}${date[2]}${date[3]}`;
  const yearEnd = /\b(?:year[- ]end|end of)\s*(\d{4})\b/.exec(lower);
  if (yearEnd) return `${yearEnd[1]}1231`;
  return undefined;
}

export function findState(question: string): string | undefined {
  const lower = question.toLowerCase();
  let found: { code: string; length: number } | undefined;
  for (const [name, code] of stateByName) {
    if (wordIndex(lower, name) >= 0 && (!found || name.length > found.length)) found = { code, length: name.length };
  }
  if (found) return found.code;
  // Two-letter codes only when written in capitals, so 'in', 'or' and 'me' stay words.
  if (question === question.toUpperCase()) return undefined;
  for (const token of question.match(/\b[A-Z]{2}\b/g) ?? []) if (stateCodes.has(token) && !['OCC', 'FDIC', 'FRS'].includes(token)) return token;
  return undefined;
}

function findRegulator(lower: string): string | undefined {
  if (/\b(occ|national banks?|comptroller)\b/.test(lower)) return 'OCC';
  if (/\b(frs|federal reserve|fed[- ]regulated|fed member|state member)\b/.test(lower)) return 'FRS';
  if (/\b(fdic[- ]regulated|fdic[- ]supervised|regulated by (the )?fdic|non-?member)\b/.test(lower)) return 'FDIC';
  return undefined;
}

const amountUnits: Record<string, number> = { t: 1e12, trillion: 1e12, b: 1e9, bn: 1e9, billion: 1e9, m: 1e6, mm: 1e6, million: 1e6, k: 1e3, thousand: 1e3 };
const amount = String.raw`\$?\s*([\d.,]+)\s*(trillion|billion|million|thousand|bn|mm|t|b|m|k)\b`;
const toDollars = (value: string, unit: string) => Number(value.replace(/,/g, '')) * amountUnits[unit];

const bound = String.raw`(?:between\s+${amount}\s+and\s+${amount}|(?:over|above|more than|greater than|at least|exceeding|under|below|less than|smaller than|up to|>|<)\s*${amount})`;
/** A size written as a filter ("with assets between $1B and $2B", "over $5B in assets"): its "assets" names no metric to rank by. */
const sizeClause = new RegExp(String.raw`(?:(?:total\s+)?assets?\s+(?:of\s+)?${bound})|(?:${bound}\s+(?:in|of)\s+(?:total\s+)?assets?)`, 'g');

function findSize(lower: string): Pick<BankFilters, 'minAssets' | 'maxAssets'> {
  const between = new RegExp(String.raw`between\s+${amount}\s+and\s+${amount}`).exec(lower);
  if (between) return { minAssets: toDollars(between[1], between[2]), maxAssets: toDollars(between[3], between[4]) };
  const size: Pick<BankFilters, 'minAssets' | 'maxAssets'> = {};
  const over = new RegExp(String.raw`(?:over|above|more than|greater than|at least|exceeding|>)\s*${amount}`).exec(lower);
  if (over) size.minAssets = toDollars(over[1], over[2]);
  const under = new RegExp(String.raw`(?:under|below|less than|smaller than|up to|<)\s*${amount}`).exec(lower);
  if (under) size.maxAssets = toDollars(under[1], under[2]);
  if (over || under) return size;
  if (/\b(small|community)\b/.test(lower)) return { ...sizeBands.small };
  if (/\b(mid-?size[d]?|medium-?sized?|mid-?tier|regional)\b/.test(lower)) return { ...sizeBands.mid };
  if (/\blarge\b/.test(lower)) return { ...sizeBands.large };
  return {};
}

/**
 * A bound on a ratio, "ROA above 2%", "an efficiency ratio under 60 %": the banks to count and rank are
 * those past it. Only for a metric in percent written with a percent sign (amounts are sizes).
 */
function findThreshold(lower: string, metric: Metric | undefined): MetricThreshold | undefined {
  if (metric?.unit !== 'percent') return undefined;
  const bound = /(over|above|more than|greater than|higher than|at least|exceeding|>|under|below|less than|lower than|smaller than|at most|<)\s*(-?\d+(?:\.\d+)?)\s*%/.exec(lower);
  if (!bound) return undefined;
  return { side: /^(under|below|less|lower|smaller|at most|<)/.test(bound[1]) ? 'below' : 'above', value: Number(bound[2]) };
}

const rankWords = /\b(top|largest|biggest|smallest|highest|lowest|best|worst|rank|ranking|most|least|leading|riskiest|safest|strongest|weakest|which banks|list (?:the )?banks)\b/;

function orderFor(lower: string, metric: Metric): 'desc' | 'asc' {
  if (/\b(lowest|smallest|least|bottom|safest|weakest)\b/.test(lower)) return 'asc';
  if (/\b(highest|largest|biggest|riskiest)\b/.test(lower)) return 'desc';
  if (/\b(best|strongest|most efficient)\b/.test(lower)) return metric.higherIsBetter ? 'desc' : 'asc';
  if (/\bworst\b/.test(lower)) return metric.higherIsBetter ? 'asc' : 'desc';
  return 'desc';
}

function findLimit(lower: string): number {
  const top = /\b(?:top|bottom|first)\s+(\d{1,3})\b/.exec(lower) ?? /\b(\d{1,3})\s+(?:largest|biggest|smallest|highest|lowest|best|worst|banks|institutions)\b/.exec(lower);
  // "the largest bank in Texas" and "which bank has the lowest ROA?" ask for one bank; "the largest banks" for a list
  const single =
    /\b(largest|biggest|smallest|highest|lowest|best|worst|top|riskiest|safest|strongest|weakest|leading)\s+(?:[a-z-]+\s+)?(bank|institution|lender)\b(?!s)/.test(lower) ||
    /\b(which|what)\s+(bank|institution|lender)\b(?!s)/.test(lower);
  const limit = top ? Number(top[1]) : single ? 1 : 10;
  return Math.min(Math.max(limit, 1), 50);
}

export function parseIntent(question: string, banks: readonly NamedBank[]): Intent {
  const cleaned = question.replace(/["“”]/g, ' ');
  const lower = cleaned.toLowerCase();
  const quarter = findQuarter(cleaned);
  const bank = findNamedBank(cleaned, banks);
  // Words of the bank's name are not the metric ("Capital City Bank" does not ask for capital).
  const withoutBank = bank ? normaliseName(cleaned).replace(normaliseName(bank.name).trim(), ' ') : lower;
  const found = findMetric(withoutBank.replace(sizeClause, ' '));

  if (/\b(news|headlines?|press)\b/.test(lower)) return { kind: 'news' };
  if (/\bmy\s+(targets?|pipeline|contacts|tasks|portfolio|banks|prospects)\b|\btarget list\b|\b(contacts|tasks)\s+(at|for|of)\b/.test(lower)) {
    return { kind: 'targets', bank: bank ?? undefined };
  }
  if (bank) {
    if (/\b(peers?|compare|comparison|versus|vs\.?|against|benchmark)\b/.test(lower)) return { kind: 'peers', bank, quarter };
    if (found && !/\b(analy[sz]e|analysis|overview|profile|tell me about|summary|summarize|how is|how's)\b/.test(lower)) return { kind: 'figure', bank, metric: found.metric, quarter };
    return { kind: 'analyse', bank, quarter };
  }
  const state = findState(cleaned);
  const isRanking = rankWords.test(lower);
  if (isRanking || (found && !/\b(market|industry|average|overall)\b/.test(lower))) {
    const metric = found?.metric ?? findMetric('assets')!.metric;
    const filters: BankFilters = { state, regulator: findRegulator(lower), ...findSize(lower) };
    const threshold = findThreshold(lower, metric);
    return { kind: 'rank', metric, order: orderFor(lower, metric), limit: findLimit(lower), filters, quarter, ...(threshold ? { threshold } : {}) };
  }
  if (/\b(market|industry|overall|sector|statistics|stats|how many banks|banking system|average)\b/.test(lower)) return { kind: 'market', state, quarter };
  return { kind: 'help', unknownBank: /\b(analy[sz]e|tell me about|overview|profile|peers?|compare)\b/.test(lower) };
}

/** Words that make a question lean on the one before it: "and in Texas?", "what about its ROE?". */
const leansOnPrevious = /^\s*(and|what about|how about|same for|same but|also|now|then|ok|okay|only)\b|\b(it|its|it's|they|their|them|that bank|this bank|the bank|those|these|same|there)\b/i;

const bankOf = (intent: Intent): NamedBank | undefined => ('bank' in intent ? intent.bank : undefined);

/**
 * A question read in the light of the one before it, so a conversation can go on: "Top 10 banks by ROA"
 * then "and in Texas?" ranks Texan banks by ROA; "Analyze First Bank" then "what about its efficiency
 * ratio?" quotes First Bank's. A question that names its own bank, or does not lean on the previous
 * one, is read on its own.
 */
export function parseFollowUp(question: string, previous: Intent | undefined, banks: readonly NamedBank[]): Intent {
  const own = parseIntent(question, banks);
  if (!previous || bankOf(own) || !leansOnPrevious.test(question)) return own;
  const cleaned = question.replace(/["“”]/g, ' ');
  const lower = cleaned.toLowerCase();
  const metric = findMetric(lower)?.metric;
  const quarter = findQuarter(cleaned);
  const previousBank = bankOf(previous);

  if (previousBank) {
    const quarterOr = quarter ?? ('quarter' in previous ? previous.quarter : undefined);
    if (/\b(news|headlines?|press)\b/.test(lower)) return { kind: 'news' };
    if (/\b(contacts?|tasks?|pipeline|target)\b/.test(lower)) return { kind: 'targets', bank: previousBank };
    if (/\b(peers?|compare|comparison|versus|vs\.?|against|benchmark)\b/.test(lower)) return { kind: 'peers', bank: previousBank, quarter: quarterOr };
    if (metric) return { kind: 'figure', bank: previousBank, metric, quarter: quarterOr };
    if (previous.kind === 'figure') return { ...previous, quarter: quarterOr };
    return { kind: 'analyse', bank: previousBank, quarter: quarterOr };
  }

  if (previous.kind === 'rank') {
    const limit = /\b(?:top|bottom|first)\s+\d{1,3}\b|\b\d{1,3}\s+(?:largest|biggest|smallest|highest|lowest|best|worst|banks|institutions)\b/.test(lower) ? findLimit(lower) : previous.limit;
    const nextMetric = metric ?? previous.metric;
    const explicitOrder = /\b(lowest|smallest|least|bottom|safest|weakest|highest|largest|biggest|riskiest|best|strongest|most efficient|worst)\b/.test(lower);
    const size = findSize(lower);
    const filters: BankFilters = {
      ...previous.filters,
      ...(findState(cleaned) ? { state: findState(cleaned) } : {}),
      ...(findRegulator(lower) ? { regulator: findRegulator(lower) } : {}),
      ...size,
    };
    if (/\b(all states|nationwide|every state|anywhere)\b/.test(lower)) delete filters.state;
    // a bound stays with its metric: "and in Texas?" still counts banks with ROA above 2%
    const threshold = findThreshold(lower, nextMetric) ?? (nextMetric === previous.metric ? previous.threshold : undefined);
    return { kind: 'rank', metric: nextMetric, order: explicitOrder ? orderFor(lower, nextMetric) : previous.order, limit, filters, quarter: quarter ?? previous.quarter, ...(threshold ? { threshold } : {}) };
  }

  if (previous.kind === 'market') {
    return { kind: 'market', state: findState(cleaned) ?? previous.state, quarter: quarter ?? previous.quarter };
  }
  return own;
}
