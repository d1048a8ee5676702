import type { Knex } from 'knex';
import { z } from 'zod';
import { preparedQuery } from '../../db/prepared.ts';
import { mergedRecord } from '../../merged-record.ts';
import { bankFieldNames, bankRowOf, bankSelection, pickBankFields, toBank, type Bank } from '../bank.ts';
import { regions } from '../demo/geography.ts';
import { judge, latestQuarter } from './records.ts';
import { fieldCatalog } from '../fields.ts';
import { and, bitsOf, countBits, countPlanes, emptyBits, or, pageOf, rowsCounting, type Bits } from '../engine/bits.ts';
import { column, derived, dictionary, isAscii, memo, numbers, orderedRows, quarterSnapshot, rowRecords, type Snapshot } from '../engine/snapshot.ts';
import { containsPattern, searchTermText } from '../../db/like.ts';
import { yearEarlierQuarter } from '../../../../domain/format.ts';

/**
 * Credit box search.
 *
 * The match rule:
 * - Hard filters exclude a bank outright: asset range (minAssets/maxAssets, dollars), location
 *   (region, state: one state or several, 'TX,OK' or ['TX', 'OK']) and institutional (regulator, charterType, minorityStatus), plus the name
 *   search term. Only active banks with financials for the latest quarter are searched.
 * - Soft criteria are scored: maxNplRatio, minTier1CapitalRatio, minRoa, minNetInterestMargin,
 *   maxEfficiencyRatio, loanType, minLoanVolume and minDepositGrowth. matchScore = round(100 x met / enabled); a
 *   missing figure does not meet its criterion; with no soft criterion enabled every bank scores 100.
 * - A criterion is enabled when it is present and not 'All' (the screen sends only switched-on filters).
 * - Order: matchScore descending, then assets descending, then cert.
 * - The answer counts the banks passing the hard filters (total) and, of them, those meeting every
 *   soft criterion (fullMatches), so a screen can say how many are partial matches.
 *
 * Loan type: the bank's main loan type, its largest loan line among 1-4 family residential,
 * commercial real estate, C&I, consumer (other than auto and credit card), auto, credit card and
 * agricultural, must be the chosen type. It is not reported, and meets no loan type, unless all of
 * those lines are reported: a line missing from the data is not a line of $0, and any of them could
 * be the largest (the FDIC bulk files give C&I but not the real estate breakdown, so C&I looked the
 * main type of most banks). Minimum loan volume applies to the chosen type's gross amount; with no
 * type chosen, to gross loans and leases, else (data without LNLSGR) to net loans and leases, the
 * total loan book less its allowance: what an examiner reads as the size of the loan book, within
 * the allowance (about 1%) of gross, where the sum of the categories reported would leave out
 * whole categories.
 *
 * Deposit growth (minDepositGrowth, percent): the bank's deposits grew at least this much since the
 * same quarter a year earlier, (deposits - deposits then) x 100 / deposits then. A bank with no
 * deposits reported then (or none at all) does not meet it: its growth is not a number.
 *
 * The answer says, for each scored criterion asked for, how many of the `total` banks lack the
 * figure it needs (notReported): such a bank does not meet it, and when none has it (no quarter a
 * year earlier was imported, say) the screen says the criterion cannot be applied.
 */

const optionalNumber = z.preprocess((value) => (value === '' || value === null ? undefined : value), z.coerce.number().finite().optional());
const optionalChoice = z.preprocess(
  (value) => (typeof value === 'string' && (value.trim() === '' || value.trim().toLowerCase() === 'all') ? undefined : value),
  z.string().trim().optional(),
);

/**
 * The state filter: one code or several, as 'TX,OK' or ['TX', 'OK'], in any letter case; 'All' or
 * nothing leaves it off. A bank in any of them passes.
 */
const stateChoice = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',') : value === null ? undefined : value),
  z
    .array(z.string().trim().toUpperCase())
    .max(60)
    .transform((codes) => [...new Set(codes.filter((code) => code !== '' && code !== 'ALL'))])
    .refine((codes) => codes.every((code) => /^[A-Z]{2}$/.test(code)), 'state must be two-letter state codes, such as TX or TX,OK')
    .transform((codes) => (codes.length > 0 ? codes : undefined))
    .optional(),
);

export const loanTypes = {
  '1-4 Family Residential': 'loans_re_1_4_family_gross',
  'Commercial Real Estate': 'loans_re_commercial_gross',
  'C&I': 'loans_ci_gross',
  Consumer: 'consumer_other',
  Auto: 'loans_consumer_auto_gross',
  'Credit Card': 'loans_consumer_credit_card_gross',
  Agricultural: 'loans_ag_gross',
} as const;

export type LoanType = keyof typeof loanTypes;

/** One of a table's own names ('constructor' and other names every object inherits are none), or nothing. */
const choiceAmong = (table: Record<string, unknown>, label: string) =>
  optionalChoice.superRefine((value, context) => {
    if (value !== undefined && !Object.hasOwn(table, value)) {
      context.addIssue({ code: 'custom', message: `Unknown ${label} "${value}": use ${Object.keys(table).join(', ')}.` });
    }
  });

export const creditBoxCriteriaSchema = z.object({
  minAssets: optionalNumber,
  maxAssets: optionalNumber,
  maxNplRatio: optionalNumber,
  minTier1CapitalRatio: optionalNumber,
  minRoa: optionalNumber,
  minNetInterestMargin: optionalNumber,
  maxEfficiencyRatio: optionalNumber,
  region: choiceAmong(regions, 'region'),
  state: stateChoice,
  regulator: optionalChoice.transform((value) => value?.toUpperCase()),
  charterType: optionalChoice.transform((value) => value?.toUpperCase()),
  minorityStatus: optionalChoice.refine((value) => value === undefined || ['MDI', 'Non-MDI', 'Women-Owned'].includes(value), 'minorityStatus must be MDI, Non-MDI or Women-Owned'),
  loanType: choiceAmong(loanTypes, 'loan type'),
  minLoanVolume: optionalNumber,
  minDepositGrowth: optionalNumber,
  searchTerm: optionalChoice.transform((value) => value && searchTermText(value)),
});

export type CreditBoxCriteria = z.infer<typeof creditBoxCriteriaSchema>;

export const creditBoxRequestSchema = z.object({
  criteria: creditBoxCriteriaSchema.default({} as never),
  page: z.coerce.number().int().min(1).default(1),
  // Up to 500, the page size an export reads a list with.
  limit: z.coerce.number().int().min(1).max(500).default(12),
  /**
   * The bank fields to answer (id, cert and name always come): a screen asks for the dozen it
   * shows instead of some 140 per bank. Without it every field of the normalised bank comes.
   */
  fields: z
    .array(z.string())
    .max(200)
    .optional()
    .superRefine((fields, context) => {
      const unknown = (fields ?? []).filter((field) => !bankFieldNames.has(field));
      if (unknown.length > 0) context.addIssue({ code: 'custom', message: `Unknown bank field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.` });
    }),
});

type SqlPart = { sql: string; bindings: Knex.RawBinding[] };

// Consumer other than auto and credit card, so the seven loan lines do not overlap.
const consumerOther = `greatest(coalesce(f.loans_consumer_gross, 0) - coalesce(f.loans_consumer_auto_gross, 0) - coalesce(f.loans_consumer_credit_card_gross, 0), 0)`;
const loanLine = (column: string) => (column === 'consumer_other' ? consumerOther : `coalesce(f.${column}, 0)`);
const consumerOtherColumns = ['loans_consumer_gross', 'loans_consumer_auto_gross', 'loans_consumer_credit_card_gross'];
/** The reported columns a loan line is computed from. */
const loanLineColumns = (line: string) => (line === 'consumer_other' ? consumerOtherColumns : [line]);
/** Every column the main loan type is judged from: all must be reported for it to be known. */
const loanBreakdownColumns = [...new Set(Object.values(loanTypes).flatMap(loanLineColumns))];
const allReported = (columns: string[]) => columns.map((name) => `f.${name} is not null`).join(' and ');
/** The loan volume with no type chosen: gross loans and leases, else net (see the match rule). */
const loanBookSql = 'coalesce(f.loans_and_leases_gross, f.total_loans_and_leases)';

/** The scored criteria, in the order they are scored. */
const softCriterionNames = ['maxNplRatio', 'minTier1CapitalRatio', 'minRoa', 'minNetInterestMargin', 'maxEfficiencyRatio', 'loanType', 'minLoanVolume', 'minDepositGrowth'] as const;
export type SoftCriterionName = (typeof softCriterionNames)[number];
const enabledSoftCriteria = (criteria: CreditBoxCriteria) => softCriterionNames.filter((name) => criteria[name] !== undefined);
/** The column each ratio criterion compares. */
const ratioColumns = { maxNplRatio: 'npl_ratio', minTier1CapitalRatio: 'tier1_capital_ratio', minRoa: 'roa', minNetInterestMargin: 'net_interest_margin', maxEfficiencyRatio: 'efficiency_ratio' } as const;

/** The hard filters, as SQL conditions over i (institution) and f (financials). */
export function hardFilters(criteria: CreditBoxCriteria): SqlPart[] {
  const parts: SqlPart[] = [];
  if (criteria.minAssets !== undefined) parts.push({ sql: 'f.assets >= ?', bindings: [criteria.minAssets] });
  if (criteria.maxAssets !== undefined) parts.push({ sql: 'f.assets <= ?', bindings: [criteria.maxAssets] });
  if (criteria.region !== undefined) {
    const states = regions[criteria.region];
    parts.push({ sql: `i.state in (${states.map(() => '?').join(', ')})`, bindings: [...states] });
  }
  if (criteria.state !== undefined) parts.push({ sql: `i.state in (${criteria.state.map(() => '?').join(', ')})`, bindings: [...criteria.state] });
  if (criteria.regulator !== undefined) parts.push({ sql: 'i.regulator = ?', bindings: [criteria.regulator] });
  if (criteria.charterType !== undefined) parts.push({ sql: 'i.charter_class = ?', bindings: [criteria.charterType] });
  if (criteria.minorityStatus === 'MDI') parts.push({ sql: 'i.minority_status_code between 1 and 5', bindings: [] });
  if (criteria.minorityStatus === 'Non-MDI') parts.push({ sql: 'coalesce(i.minority_status_code, 0) = 0', bindings: [] });
  if (criteria.minorityStatus === 'Women-Owned') parts.push({ sql: 'i.minority_status_code = 6', bindings: [] });
  if (criteria.searchTerm !== undefined) {
    const pattern = containsPattern(criteria.searchTerm);
    const cert = /^\d+$/.test(criteria.searchTerm) ? Number(criteria.searchTerm) : null;
    parts.push(cert === null ? { sql: 'i.name ilike ?', bindings: [pattern] } : { sql: '(i.name ilike ? or i.cert = ?)', bindings: [pattern, cert] });
  }
  return parts;
}

/**
 * The soft criteria, each a boolean SQL expression over i, f and p (the financials a year earlier; a
 * null figure counts as not met), with `reported`: whether the bank has the figures it needs.
 */
export function softCriteria(criteria: CreditBoxCriteria): Array<SqlPart & { name: SoftCriterionName; reported: string }> {
  const chosen = criteria.loanType as LoanType | undefined;
  return enabledSoftCriteria(criteria).map((name) => {
    if (name === 'loanType') {
      const mine = loanLine(loanTypes[chosen!]);
      const others = Object.values(loanTypes).filter((column) => column !== loanTypes[chosen!]).map(loanLine);
      const reported = allReported(loanBreakdownColumns);
      return { name, reported, sql: `(${reported} and ${mine} > 0 and ${mine} >= greatest(${others.join(', ')}))`, bindings: [] };
    }
    if (name === 'minLoanVolume') {
      if (chosen === undefined) return { name, reported: `${loanBookSql} is not null`, sql: `${loanBookSql} >= ?`, bindings: [criteria.minLoanVolume!] };
      const reported = allReported(loanLineColumns(loanTypes[chosen]));
      return { name, reported, sql: `(${reported} and ${loanLine(loanTypes[chosen])} >= ?)`, bindings: [criteria.minLoanVolume!] };
    }
    // nullif: SQL does not promise to judge the 'p.deposits > 0' first, and a double divided by 0 is an error.
    if (name === 'minDepositGrowth') {
      return { name, reported: 'p.deposits is not null and f.deposits is not null', sql: 'p.deposits > 0 and (f.deposits - p.deposits) * 100 / nullif(p.deposits, 0) >= ?', bindings: [criteria.minDepositGrowth!] };
    }
    const column = ratioColumns[name];
    return { name, reported: `f.${column} is not null`, sql: `f.${column} ${name.startsWith('max') ? '<=' : '>='} ?`, bindings: [criteria[name]!] };
  });
}

/** matchScore as SQL: the share of enabled soft criteria met, 0-100, rounded. */
export function matchScoreSql(criteria: CreditBoxCriteria): SqlPart {
  const soft = softCriteria(criteria);
  if (soft.length === 0) return { sql: '100', bindings: [] };
  return {
    sql: `round(100.0 * (${soft.map((part) => `(case when ${part.sql} then 1 else 0 end)`).join(' + ')}) / ${soft.length})`,
    bindings: soft.flatMap((part) => part.bindings),
  };
}

/** A loan line's amount per row with null as 0, as `loanLine` writes it in SQL. */
function loanLineAmounts(snapshot: Snapshot, name: string): Float64Array {
  return derived(snapshot, `credit-box:loan-line:${name}`, () => {
    if (name === 'consumer_other') {
      const [consumer, auto, card] = ['loans_consumer_gross', 'loans_consumer_auto_gross', 'loans_consumer_credit_card_gross'].map((line) => loanLineAmounts(snapshot, line));
      return consumer.map((amount, row) => Math.max(amount - auto[row] - card[row], 0));
    }
    return numbers(snapshot, 'f', name).map((amount) => (Number.isNaN(amount) ? 0 : amount));
  });
}

/** The rows reporting every one of these financials columns. */
function rowsReporting(snapshot: Snapshot, columns: string[]): Bits {
  return derived(snapshot, `credit-box:reported:${columns.join(',')}`, () => {
    const values = columns.map((name) => numbers(snapshot, 'f', name));
    return bitsOf(snapshot.cert.length, snapshot.all.filter((row) => values.every((value) => !Number.isNaN(value[row]))));
  });
}

/** The rows whose main loan type (see the match rule) is the given type. */
function primaryLoanType(snapshot: Snapshot, chosen: LoanType): Bits {
  return derived(snapshot, `credit-box:primary:${chosen}`, () => {
    const mine = loanLineAmounts(snapshot, loanTypes[chosen]);
    const others = Object.values(loanTypes)
      .filter((name) => name !== loanTypes[chosen])
      .map((name) => loanLineAmounts(snapshot, name));
    const largest = bitsOf(
      mine.length,
      snapshot.all.filter((row) => mine[row] > 0 && others.every((other) => mine[row] >= other[row])),
    );
    return and(largest, rowsReporting(snapshot, loanBreakdownColumns));
  });
}

/** Each row's loan volume with no type chosen, as `loanBookSql` reads it (NaN where neither is reported). */
function loanBook(snapshot: Snapshot): Float64Array {
  return derived(snapshot, 'credit-box:loan-book', () => {
    const net = numbers(snapshot, 'f', 'total_loans_and_leases');
    return numbers(snapshot, 'f', 'loans_and_leases_gross').map((gross, row) => (Number.isNaN(gross) ? net[row] : gross));
  });
}

// The rule over a snapshot: each filter and criterion is a set of rows (bits), kept per snapshot and
// value (sliders move in steps, so the same thresholds come back); a figure without financials is
// NaN, failing every comparison as NULL fails a WHERE clause.

/** The rows whose figure lies in [low, high]. */
function rowsBetween(snapshot: Snapshot, values: Float64Array, name: string, low: number, high: number): Bits {
  return memo(snapshot, 'credit-box:between', 2_000, `${name}:${low}:${high}`, () => {
    const bits = emptyBits(values.length);
    for (let row = 0; row < values.length; row++) if (values[row] >= low && values[row] <= high) bits[row >>> 5] |= 1 << (row & 31);
    return bits;
  });
}

/** The rows whose institution column holds one of `wanted`. */
function rowsWithValue(snapshot: Snapshot, name: string, wanted: readonly unknown[]): Bits {
  return memo(snapshot, 'credit-box:values', 500, `${name}:${JSON.stringify(wanted)}`, () => {
    const { ids, values } = dictionary(snapshot, 'i', name);
    const allowed = Uint8Array.from(values, (value) => (wanted.includes(value) ? 1 : 0));
    const bits = emptyBits(ids.length);
    for (let row = 0; row < ids.length; row++) if (allowed[ids[row]] === 1) bits[row >>> 5] |= 1 << (row & 31);
    return bits;
  });
}

/**
 * `hardFilters` in JS: the active banks with that quarter's financials passing every hard filter.
 * Null when only SQL can judge them (a search term beyond ASCII).
 */
function hardFilterBits(criteria: CreditBoxCriteria, snapshot: Snapshot): Bits | null {
  if (criteria.searchTerm !== undefined && !isAscii(criteria.searchTerm)) return null;
  const size = snapshot.cert.length;
  const active = column(snapshot, 'i', 'active');
  const filters = [derived(snapshot, 'credit-box:searched', () => bitsOf(size, snapshot.withFinancials.filter((row) => active[row] === true)))];
  if (criteria.minAssets !== undefined || criteria.maxAssets !== undefined) {
    filters.push(rowsBetween(snapshot, numbers(snapshot, 'f', 'assets'), 'assets', criteria.minAssets ?? -Infinity, criteria.maxAssets ?? Infinity));
  }
  if (criteria.region !== undefined) filters.push(rowsWithValue(snapshot, 'state', regions[criteria.region]));
  if (criteria.state !== undefined) filters.push(rowsWithValue(snapshot, 'state', criteria.state));
  if (criteria.regulator !== undefined) filters.push(rowsWithValue(snapshot, 'regulator', [criteria.regulator]));
  if (criteria.charterType !== undefined) filters.push(rowsWithValue(snapshot, 'charter_class', [criteria.charterType]));
  const status = criteria.minorityStatus;
  if (status !== undefined) {
    const codes = (dictionary(snapshot, 'i', 'minority_status_code').values as Array<number | null>).filter((value) => {
      if (status === 'MDI') return value !== null && value >= 1 && value <= 5;
      return status === 'Non-MDI' ? (value ?? 0) === 0 : value === 6;
    });
    filters.push(rowsWithValue(snapshot, 'minority_status_code', codes));
  }
  if (criteria.searchTerm !== undefined) {
    // The name as the Directory's `NAME: *term*` search judges it, or the certificate number.
    const term = criteria.searchTerm;
    const byName = judge({ kind: 'match', field: fieldCatalog.get('NAME')!, pattern: term }, 'institutions', snapshot)!.yes;
    const certRow = /^\d+$/.test(term) ? snapshot.cert.indexOf(Number(term)) : -1;
    filters.push(certRow < 0 ? byName : or(byName, bitsOf(size, [certRow])));
  }
  return filters.reduce(and);
}

/**
 * Each row's deposits in the same quarter a year earlier (NaN where none), read once per snapshot and
 * only when a search asks for deposit growth: one narrow query, not a second snapshot.
 */
function depositsYearEarlier(knex: Knex, snapshot: Snapshot): Promise<Float64Array> {
  return derived(snapshot, 'credit-box:deposits-year-earlier', async () => {
    const rows: Array<{ cert: number; deposits: number | null }> = await knex('fdic_financials').where('repdte', yearEarlierQuarter(snapshot.quarter)).select('cert', 'deposits');
    const rowOf = new Map(snapshot.cert.map((cert, row) => [cert, row]));
    const deposits = new Float64Array(snapshot.cert.length).fill(NaN);
    for (const { cert, deposits: then } of rows) {
      const row = rowOf.get(Number(cert));
      if (row !== undefined && then !== null) deposits[row] = Number(then);
    }
    return deposits;
  }).catch((error: unknown) => {
    // A failed read is not kept: the next search reads again.
    snapshot.derived.delete('credit-box:deposits-year-earlier');
    throw error;
  });
}

/** The rows whose deposits grew at least `minGrowth` percent from `then`, computed as the SQL computes it. */
function rowsGrowingDeposits(snapshot: Snapshot, then: Float64Array, minGrowth: number): Bits {
  return memo(snapshot, 'credit-box:deposit-growth', 500, String(minGrowth), () => {
    const now = numbers(snapshot, 'f', 'deposits');
    const bits = emptyBits(now.length);
    for (let row = 0; row < now.length; row++) if (then[row] > 0 && ((now[row] - then[row]) * 100) / then[row] >= minGrowth) bits[row >>> 5] |= 1 << (row & 31);
    return bits;
  });
}

/** The rows with deposits now and a year earlier (`then`). */
function rowsWithDepositsThen(snapshot: Snapshot, then: Float64Array): Bits {
  return derived(snapshot, 'credit-box:deposits-then-reported', () => {
    const now = numbers(snapshot, 'f', 'deposits');
    return bitsOf(now.length, snapshot.all.filter((row) => !Number.isNaN(now[row]) && !Number.isNaN(then[row])));
  });
}

/**
 * `softCriteria` in JS: for each enabled criterion the rows meeting it and the rows reporting what it
 * needs (`depositsThen`: see `depositsYearEarlier`, given when deposit growth is asked for).
 */
function softCriteriaBits(criteria: CreditBoxCriteria, snapshot: Snapshot, depositsThen: Float64Array | null): Array<{ name: SoftCriterionName; met: Bits; reported: Bits }> {
  const chosen = criteria.loanType as LoanType | undefined;
  return enabledSoftCriteria(criteria).map((name) => {
    if (name === 'loanType') return { name, met: primaryLoanType(snapshot, chosen!), reported: rowsReporting(snapshot, loanBreakdownColumns) };
    if (name === 'minLoanVolume') {
      if (chosen === undefined) {
        const volumes = loanBook(snapshot);
        return { name, met: rowsBetween(snapshot, volumes, 'loan-book', criteria.minLoanVolume!, Infinity), reported: rowsBetween(snapshot, volumes, 'loan-book', -Infinity, Infinity) };
      }
      const line = loanTypes[chosen];
      const reported = rowsReporting(snapshot, loanLineColumns(line));
      return { name, met: and(reported, rowsBetween(snapshot, loanLineAmounts(snapshot, line), `loan-line:${line}`, criteria.minLoanVolume!, Infinity)), reported };
    }
    if (name === 'minDepositGrowth') return { name, met: rowsGrowingDeposits(snapshot, depositsThen!, criteria.minDepositGrowth!), reported: rowsWithDepositsThen(snapshot, depositsThen!) };
    const column = ratioColumns[name];
    const values = numbers(snapshot, 'f', column);
    const bound = criteria[name]!;
    return { name, met: name.startsWith('max') ? rowsBetween(snapshot, values, column, -Infinity, bound) : rowsBetween(snapshot, values, column, bound, Infinity), reported: rowsBetween(snapshot, values, column, -Infinity, Infinity) };
  });
}

type CreditBoxRequest = z.infer<typeof creditBoxRequestSchema>;
/**
 * A page of matches; `total` banks pass the hard filters, `fullMatches` of them meet every scored
 * criterion, and `notReported` says for each scored criterion asked for how many of them lack the
 * figures it needs (and so do not meet it).
 */
export type CreditBoxAnswer = { banks: Bank[]; total: number; fullMatches: number; notReported: NotReported; quarter: string | null };
export type NotReported = Partial<Record<SoftCriterionName, number>>;

/** Ranks in SQL; for what the snapshot cannot answer. */
export async function creditBoxFromDatabase(knex: Knex, request: CreditBoxRequest, quarter: string, userId?: string): Promise<CreditBoxAnswer> {
  const { criteria } = request;
  const base = () => {
    const builder = knex('fdic_financials as f').join('fdic_institutions as i', 'i.cert', 'f.cert').where('f.repdte', quarter).andWhere('i.active', true);
    if (criteria.minDepositGrowth !== undefined) {
      builder.leftJoin('fdic_financials as p', (join) => join.on('p.cert', '=', 'f.cert').andOn('p.repdte', '=', knex.raw('?', [yearEarlierQuarter(quarter)])));
    }
    for (const part of hardFilters(criteria)) builder.whereRaw(part.sql, part.bindings);
    return builder;
  };
  const match = matchScoreSql(criteria);
  // Rank on a narrow row first, then fetch the wide bank rows of the page only: sorting thousands of
  // full rows to keep twelve was most of the cost.
  const ranked = base()
    .select('f.cert', 'f.assets', knex.raw(`${match.sql} as match_score`, match.bindings))
    // With no soft criterion every bank scores 100 (and ORDER BY 100 would name a column position).
    .modify((builder) => {
      if (softCriteria(criteria).length > 0) builder.orderByRaw(`${match.sql} desc`, match.bindings);
    })
    .orderByRaw('f.assets desc nulls last')
    .orderBy('f.cert')
    .limit(request.limit)
    .offset((request.page - 1) * request.limit);
  const page = knex
    .from(ranked.as('m'))
    .join('fdic_financials as f', (join) => join.on('f.cert', '=', 'm.cert').andOn('f.repdte', '=', knex.raw('?', [quarter])))
    .join('fdic_institutions as i', 'i.cert', 'm.cert')
    .select(bankSelection(knex))
    .select('m.match_score')
    .orderBy('m.match_score', 'desc')
    .orderByRaw('m.assets desc nulls last')
    .orderBy('m.cert');
  if (userId) {
    page.leftJoin('targets as t', (join) => join.on('t.cert', '=', 'm.cert').andOn('t.user_id', '=', knex.raw('?', [userId])));
    page.select(knex.raw('coalesce(t.is_target, false) as is_target'));
  }
  const soft = softCriteria(criteria);
  const meetingAll = base();
  for (const part of soft) meetingAll.whereRaw(part.sql, part.bindings);
  const counting = base().select(knex.raw('count(*) as n'));
  soft.forEach((part, index) => counting.select(knex.raw(`sum(case when ${part.reported} then 0 else 1 end) as not_reported_${index}`)));
  const [rows, count, full] = await Promise.all([
    page,
    counting.first() as Promise<Record<string, number | string | null> | undefined>,
    meetingAll.count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
  ]);
  return {
    banks: (rows as Array<Record<string, unknown>>).map((row) => {
      const bank = toBank(row);
      return mergedRecord(pickBankFields(bank, request.fields), { matchScore: Number(row.match_score) }, userId ? { isTarget: bank.isTarget } : null) as Bank;
    }),
    total: Number(count?.n ?? 0),
    fullMatches: Number(full?.n ?? 0),
    notReported: Object.fromEntries(soft.map((part, index) => [part.name, Number(count?.[`not_reported_${index}`] ?? 0)])),
    quarter,
  };
}

/**
 * Ranks from a quarter's snapshot. With at most eight criteria, different numbers of criteria met
 * always round to different scores, so the order is: most criteria met, then assets. The number
 * each bank meets is summed from the criteria's row sets a word at a time; the banks meeting a
 * given number are counted by popcount, and only the page's part of the assets order is walked.
 * Null when SQL must answer.
 */
function snapshotRanking(
  snapshot: Snapshot,
  request: CreditBoxRequest,
  depositsThen: Float64Array | null,
): { rows: number[]; scores: number[]; total: number; fullMatches: number; notReported: NotReported } | null {
  const searched = hardFilterBits(request.criteria, snapshot);
  if (!searched) return null;
  const criteria = softCriteriaBits(request.criteria, snapshot, depositsThen);
  const soft = criteria.map((criterion) => criterion.met);
  const planes = countPlanes(soft, snapshot.cert.length);
  const assets = column(snapshot, 'f', 'assets') as Array<number | null>;
  const byAssets = orderedRows(snapshot, 'credit-box:assets', snapshot.withFinancials, (row) => assets[row], 'desc');
  let skip = (request.page - 1) * request.limit;
  const rows: number[] = [];
  const scores: number[] = [];
  for (let met = soft.length; met >= 0 && rows.length < request.limit; met -= 1) {
    const meeting = rowsCounting(planes, met, searched);
    const count = countBits(meeting);
    if (skip >= count) {
      skip -= count;
      continue;
    }
    for (const row of pageOf(byAssets, meeting, skip, request.limit - rows.length)) {
      rows.push(row);
      scores.push(soft.length === 0 ? 100 : Math.round((100 * met) / soft.length));
    }
    skip = 0;
  }
  const total = countBits(searched);
  return {
    rows,
    scores,
    total,
    fullMatches: soft.length === 0 ? total : countBits(rowsCounting(planes, soft.length, searched)),
    notReported: Object.fromEntries(criteria.map(({ name, reported }) => [name, total - countBits(and(searched, reported))])),
  };
}

/** One page of a snapshot search, with whether each bank is one of the user's targets. */
type SnapshotPage = { snapshot: Snapshot; rows: number[]; scores: number[]; total: number; fullMatches: number; notReported: NotReported; targets: Map<number, boolean> | null };

async function snapshotPage(knex: Knex, request: CreditBoxRequest, quarter: string, userId: string | undefined): Promise<SnapshotPage | null> {
  const snapshot = await quarterSnapshot(knex, quarter);
  const depositsThen = request.criteria.minDepositGrowth === undefined ? null : await depositsYearEarlier(knex, snapshot);
  const ranking = snapshotRanking(snapshot, request, depositsThen);
  if (!ranking) return null;
  const { rows, scores, total, fullMatches, notReported } = ranking;
  let targets: Map<number, boolean> | null = null;
  if (userId) {
    targets = new Map();
    if (rows.length > 0) {
      const certs = rows.map((row) => snapshot.cert[row]);
      const found = await preparedQuery<{ cert: number; is_target: boolean }>(knex, 'credit-box-targets', 'select cert, is_target from targets where user_id = $1 and cert = any($2::integer[])', [userId, certs]);
      for (const target of found) targets.set(target.cert, target.is_target);
    }
  }
  return { snapshot, rows, scores, total, fullMatches, notReported, targets };
}

/** Ranks from the quarter's snapshot (see `snapshotRanking`); null when SQL must answer. */
export async function creditBoxFromSnapshot(knex: Knex, request: CreditBoxRequest, quarter: string, userId?: string): Promise<CreditBoxAnswer | null> {
  const page = await snapshotPage(knex, request, quarter, userId);
  if (!page) return null;
  const { snapshot, rows, scores, total, fullMatches, notReported, targets } = page;
  return {
    banks: rows.map((row, index) => {
      const bank = mergedRecord(pickBankFields(snapshotBank(snapshot, row), request.fields), { matchScore: scores[index] }) as Bank;
      if (targets) bank.isTarget = targets.get(snapshot.cert[row]) ?? false;
      return bank;
    }),
    total,
    fullMatches,
    notReported,
    quarter,
  };
}

/** A row's normalised bank, built once per snapshot (a bank has some 140 fields). */
function snapshotBank(snapshot: Snapshot, row: number): Bank {
  const banks = derived(snapshot, 'credit-box:banks', () => new Array<Bank | undefined>(snapshot.cert.length));
  return (banks[row] ??= (() => {
    const { institution, financials } = rowRecords(snapshot, row);
    return toBank(bankRowOf(institution, financials));
  })());
}

export async function creditBoxSearch(knex: Knex, request: CreditBoxRequest, userId?: string): Promise<CreditBoxAnswer> {
  const quarter = await latestQuarter(knex);
  if (!quarter) return { banks: [], total: 0, fullMatches: 0, notReported: {}, quarter };
  return (await creditBoxFromSnapshot(knex, request, quarter, userId)) ?? creditBoxFromDatabase(knex, request, quarter, userId);
}

/**
 * `creditBoxSearch` as the JSON text of its answer, for the HTTP route: a bank is serialised once
 * per snapshot (some 140 fields each, serialising a page of them was most of a search's cost) and
 * only its score and target flag are added per request.
 */
export async function creditBoxSearchJson(knex: Knex, request: CreditBoxRequest, userId: string): Promise<string> {
  const quarter = await latestQuarter(knex);
  const page = quarter ? await snapshotPage(knex, request, quarter, userId) : null;
  if (!page) return JSON.stringify(await creditBoxSearch(knex, request, userId));
  const { snapshot, rows, scores, total, fullMatches, notReported, targets } = page;
  const serialised = memo(snapshot, 'credit-box:bank-json', 20, JSON.stringify(request.fields ?? null), () => new Array<string | undefined>(snapshot.cert.length));
  const banks = rows.map((row, index) => {
    const bank = (serialised[row] ??= JSON.stringify(pickBankFields(snapshotBank(snapshot, row), request.fields)));
    return `${bank.slice(0, -1)},"matchScore":${scores[index]},"isTarget":${targets?.get(snapshot.cert[row]) ?? false}}`;
  });
  return `{"banks":[${banks.join(',')}],"total":${total},"fullMatches":${fullMatches},"notReported":${JSON.stringify(notReported)},"quarter":${JSON.stringify(quarter)}}`;
}
