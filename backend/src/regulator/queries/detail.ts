import type { Knex } from 'knex';
import { z } from 'zod';
import { preparedQuery, preparedSelect } from '../../db/prepared.ts';
import { NotFoundError } from '../../http/errors.ts';
import { quarterSchema } from '../../../../domain/quarter.ts';
import { bankRowOf, bankSelection, fdicRecordOf, toBank, type Bank } from '../bank.ts';
import { cached } from '../engine/cache.ts';
import { quarterSnapshot, rowRecords } from '../engine/snapshot.ts';
import { builtInFieldTitles } from '../fields.ts';
import { quarterLabel } from '../normalise/index.ts';
import { latestQuarter, listQuarters, queryRecords, resolveQuarter, snapshotInstitutionRecord, snapshotRowOf } from './records.ts';

/** The per-bank reads of the detail view, and the small lookups around them. */

type Page<T> = { data: T[]; meta: { total: number; limit: number; offset: number } };

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(10_000).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

const isoDate = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : ((value as string | null) ?? null));

/**
 * One bank as the detail view reads it: the institution's columns, its full BankFind record, its
 * report dates (newest first) and the bank row of its newest quarter (`bankSelection` with the
 * source records). Curated columns come from the latest quarter's in-memory snapshot, so the
 * database is asked one small question per bank: its source records and its report dates.
 */
export type DetailBank = {
  institution: Record<string, unknown>;
  record: Record<string, unknown>;
  quarters: string[];
  latest: Record<string, unknown> | null;
  /** The market's latest quarter. */
  quarter: string | null;
};

/** The bank for the detail view, or a 404 when we do not hold it. */
export async function detailBank(knex: Knex, cert: number): Promise<DetailBank> {
  const quarter = await latestQuarter(knex);
  const [snapshot, stored] = await Promise.all([
    quarter === null ? null : quarterSnapshot(knex, quarter),
    preparedQuery<{ institution: Record<string, unknown> | null; financials: Record<string, unknown> | null; quarters: string[] }>(
      knex,
      'detail_bank',
      `select i.raw as institution, f.raw as financials,
         array(select q.repdte from fdic_financials q where q.cert = i.cert order by q.repdte desc) as quarters
       from fdic_institutions i left join fdic_financials f on f.cert = i.cert and f.repdte = $1
       where i.cert = $2`,
      [quarter, cert],
    ).then((rows) => rows[0]),
  ]);
  if (!stored) throw new NotFoundError(`Institution ${cert}`);
  const { quarters } = stored;
  const newestRow = async () => (quarters.length > 0 ? ((await financialRows(knex, cert, quarters[0]))[0] ?? null) : null);
  const row = snapshot ? snapshotRowOf(snapshot, cert) : -1;
  if (snapshot === null || row < 0) {
    // No quarter held at all, or a bank newer than the snapshot (written by another process a moment ago).
    const [institution, answer, latest] = await Promise.all([knex('fdic_institutions').where({ cert }).first(), queryRecords(knex, 'institutions', { limit: 1, offset: 0, filters: `CERT:${cert}` }), newestRow()]);
    return { institution, record: answer.data[0].data, quarters, latest, quarter };
  }
  const columns = rowRecords(snapshot, row);
  const record = snapshotInstitutionRecord(snapshot, row, stored);
  const latest = quarters[0] === quarter ? Object.assign(bankRowOf(columns.institution, columns.financials), { institution_raw: stored.institution, financials_raw: stored.financials }) : await newestRow();
  return { institution: columns.institution, record, quarters, latest, quarter };
}

/** The institution's columns (from the latest quarter's snapshot when it holds the bank) and the market's latest quarter; a 404 when we do not hold it. */
async function institutionColumnsOf(knex: Knex, cert: number): Promise<{ institution: Record<string, unknown>; quarter: string | null }> {
  const quarter = await latestQuarter(knex);
  const snapshot = quarter === null ? null : await quarterSnapshot(knex, quarter);
  const row = snapshot ? snapshotRowOf(snapshot, cert) : -1;
  if (snapshot && row >= 0) return { institution: rowRecords(snapshot, row).institution, quarter };
  const institution = await knex('fdic_institutions').where({ cert }).first();
  if (!institution) throw new NotFoundError(`Institution ${cert}`);
  return { institution, quarter };
}

/** `/fdic/institutions/{cert}`: the institution as a one-record BankFind list (404 when unknown). */
export async function institutionRecord(knex: Knex, cert: number) {
  const bank = await detailBank(knex, cert);
  return { data: [{ data: bank.record, score: 0 }], meta: { total: 1, quarter: bank.quarter }, isDemo: bank.institution.is_demo === true };
}

/**
 * The statement of `financialRows` (parameters: the cert, then the quarter when one is asked for),
 * built once: knex took longer to build its 150-column selection (about 0.2 ms) than the database
 * took to answer it.
 */
const financialRowsStatements = new Map<boolean, string>();
function financialRowsStatement(knex: Knex, oneQuarter: boolean): string {
  let text = financialRowsStatements.get(oneQuarter);
  if (text === undefined) {
    const query = knex('fdic_financials as f')
      .join('fdic_institutions as i', 'i.cert', 'f.cert')
      .where('f.cert', 0)
      .modify((builder) => {
        if (oneQuarter) builder.where('f.repdte', '');
      })
      .select(bankSelection(knex, { raw: true }))
      .orderBy('f.repdte', 'desc');
    financialRowsStatements.set(oneQuarter, (text = query.toSQL().toNative().sql));
  }
  return text;
}

/** The bank's quarters (newest first, or one quarter) as bank rows with their regulator records. */
export async function financialRows(knex: Knex, cert: number, quarter?: string): Promise<Array<Record<string, unknown>>> {
  return quarter
    ? preparedQuery(knex, 'financial_rows_of_quarter', financialRowsStatement(knex, true), [cert, quarter])
    : preparedQuery(knex, 'financial_rows', financialRowsStatement(knex, false), [cert]);
}

/** A quarter's BankFind record, with the id BankFind gives it. */
export function financialRecordOf(cert: number, row: Record<string, unknown>) {
  const record = fdicRecordOf(row);
  record.ID = `${cert}_${row.repdte}`;
  return record;
}

/** `/fdic/financials/{cert}`: every quarter held (newest first), or one quarter. */
export async function financialRecords(knex: Knex, cert: number, quarter?: string) {
  const rows = await financialRows(knex, cert, quarter);
  if (rows.length === 0) {
    const exists = await knex('fdic_institutions').where({ cert }).first('cert');
    if (!exists) throw new NotFoundError(`Institution ${cert}`);
  }
  const data = rows.map((row) => ({ data: financialRecordOf(cert, row), score: 0 }));
  return { data, meta: { total: data.length } };
}

/** `/fdic/financials/key/{cert}`: the Financial Summary tiles (ASSET, DEP, EQ, NETINC in thousands; ROA, NIM in %; OFFICES). */
export async function keyFinancials(knex: Knex, cert: number) {
  const row = await knex('fdic_institutions as i')
    .leftJoin('fdic_financials as f', (join) => join.on('f.cert', '=', 'i.cert').andOn('f.repdte', '=', knex.raw('(select max(repdte) from fdic_financials where cert = ?)', [cert])))
    .where('i.cert', cert)
    .first(bankSelection(knex));
  if (!row) throw new NotFoundError(`Institution ${cert}`);
  return { data: [{ data: keyFiguresOf(cert, row), score: 0 }], meta: { total: 1 } };
}

/** The Financial Summary tiles from a bank row (money in thousands, as BankFind gives it). */
export function keyFiguresOf(cert: number, row: Record<string, unknown>) {
  const thousands = (value: unknown) => (typeof value === 'number' ? value / 1000 : null);
  return {
    CERT: cert,
    REPDTE: row.repdte ?? null,
    ASSET: thousands(row.assets),
    DEP: thousands(row.deposits),
    EQ: thousands(row.total_equity),
    NETINC: thousands(row.net_income),
    ROA: row.roa ?? null,
    NIM: row.net_interest_margin ?? null,
    NIMY: row.net_interest_margin ?? null,
    OFFICES: row.offices ?? null,
  };
}

type TrendRow = {
  repdte: string;
  assets: number | null;
  deposits: number | null;
  net_income: number | null;
  roa: number | null;
  net_interest_margin: number | null;
  npl_ratio: number | null;
  tier1_capital_ratio: number | null;
  net_charge_offs: number | null;
  charge_offs: number | null;
  recoveries: number | null;
};

/** `/fdic/financials/history/{cert}`: the trend points, oldest first, money in dollars. */
export async function financialHistory(knex: Knex, cert: number) {
  // A statement of one fixed text, prepared once per connection: building it with knex on every request cost more than running it.
  const rows = await preparedQuery<TrendRow>(
    knex,
    'financial_history',
    `select repdte, assets, deposits, net_income, roa, net_interest_margin, npl_ratio, tier1_capital_ratio, net_charge_offs, charge_offs, recoveries
     from fdic_financials where cert = $1 order by repdte asc`,
    [cert],
  );
  const data = rows.map((row) => ({
    date: row.repdte,
    quarter: quarterLabel(row.repdte),
    assets: row.assets,
    deposits: row.deposits,
    netIncome: row.net_income,
    roa: row.roa,
    nim: row.net_interest_margin,
    nplRatio: row.npl_ratio,
    tier1CapitalRatio: row.tier1_capital_ratio,
    // Debits minus credits; NTLNLS when the source gave no split.
    netChargeOffs: row.charge_offs !== null && row.recoveries !== null ? row.charge_offs - row.recoveries : row.net_charge_offs,
  }));
  return { data, meta: { total: data.length } };
}

/** A paged list's statement as parts of trusted SQL: its prepared name, selected columns, `from ... where` ($1... its values) and order. */
type PageStatement = { name: string; columns: string; from: string; orderBy: string };

/**
 * A page of a statement of fixed text (prepared once per connection, nothing built per request),
 * with the total of all its rows from `count(*) over ()` in the same read. A page past the end has
 * no row to tell the total: it is counted apart.
 */
async function pageOf<T>(knex: Knex, statement: PageStatement, values: unknown[], page: z.infer<typeof pageQuerySchema>, map: (row: Record<string, unknown>) => T): Promise<Page<T>> {
  const { name, columns, from, orderBy } = statement;
  const rows = await preparedQuery<Record<string, unknown>>(
    knex,
    name,
    `select ${columns}, count(*) over () as total_rows from ${from} order by ${orderBy} limit $${values.length + 1} offset $${values.length + 2}`,
    [...values, page.limit, page.offset],
  );
  const total =
    rows.length > 0 ? Number(rows[0].total_rows)
    : page.offset === 0 ? 0
    : (await preparedQuery<{ total: number }>(knex, `${name}_total`, `select count(*)::int as total from ${from}`, values))[0].total;
  return { data: rows.map(map), meta: { total, limit: page.limit, offset: page.offset } };
}

/**
 * Whether a branch (`l`, of fdic_locations) stands: listed in its bank's newest Summary of Deposits
 * year (a branch closed before it is gone), or given by the locations endpoint (no year).
 */
const standingBranch = '(l.sod_year is null or l.sod_year = (select max(newest.sod_year) from fdic_locations newest where newest.cert = l.cert))';

type OfficesByState = Array<{ state: string; offices: number }>;

/**
 * Every bank's current offices per state (most first, then by state) and newest Summary of
 * Deposits year, read in two grouped queries once per data change: the detail's panels look a
 * bank up here instead of asking the database on every call.
 */
export function branchIndex(knex: Knex): Promise<{ officesByState: Map<number, OfficesByState>; summaryOfDepositsYear: Map<number, number> }> {
  return cached(knex, 'branch-index', async () => {
    const [offices, years] = await Promise.all([
      knex('fdic_locations as l')
        .whereRaw(standingBranch)
        .select('l.cert', 'l.state', knex.raw('count(*)::int as offices'))
        .groupBy('l.cert', 'l.state')
        .orderBy([{ column: 'l.cert' }, { column: 'offices', order: 'desc' }, { column: 'l.state' }]) as Promise<Array<{ cert: number; state: string; offices: number }>>,
      knex('fdic_sod').select('cert').max({ year: 'year' }).groupBy('cert') as Promise<Array<{ cert: number; year: number | null }>>,
    ]);
    const officesByState = new Map<number, OfficesByState>();
    for (const { cert, state, offices: count } of offices) {
      let list = officesByState.get(cert);
      if (!list) officesByState.set(cert, (list = []));
      list.push({ state, offices: Number(count) });
    }
    const summaryOfDepositsYear = new Map<number, number>();
    for (const { cert, year } of years) if (year !== null) summaryOfDepositsYear.set(cert, year);
    return { officesByState, summaryOfDepositsYear };
  });
}

const branchesPage: PageStatement = {
  name: 'branches_page',
  columns: 'id, cert, name, address, city, state, zip, county, service_type, established_date, is_main_office, latitude, longitude, deposits',
  from: `fdic_locations l where l.cert = $1 and ${standingBranch}`,
  orderBy: 'is_main_office desc, name, id',
};

/** `/fdic/locations/{cert}`: branches, main office first (deposits in thousands). */
export function locations(knex: Knex, cert: number, page: z.infer<typeof pageQuerySchema>) {
  return pageOf(knex, branchesPage, [cert], page, (row) => ({
    id: row.id,
    cert: row.cert,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    county: row.county,
    serviceType: row.service_type,
    establishedDate: isoDate(row.established_date),
    isMainOffice: row.is_main_office,
    latitude: row.latitude,
    longitude: row.longitude,
    deposits: typeof row.deposits === 'number' ? row.deposits / 1000 : null,
  }));
}

const depositsPage: PageStatement = {
  name: 'deposits_page',
  columns: 'id, year, cert, name, address, city, state, zip, county, deposits, is_main_office, latitude, longitude',
  from: 'fdic_sod where cert = $1 and year = (select max(year) from fdic_sod where cert = $1)',
  orderBy: 'deposits desc nulls last, id',
};

/** `/fdic/sod/{cert}`: the latest Summary of Deposits year, largest branches first (deposits in thousands). */
export function summaryOfDeposits(knex: Knex, cert: number, page: z.infer<typeof pageQuerySchema>) {
  return pageOf(knex, depositsPage, [cert], page, (row) => ({
    id: row.id,
    year: row.year,
    cert: row.cert,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    county: row.county,
    deposits: typeof row.deposits === 'number' ? row.deposits / 1000 : null,
    isMainOffice: row.is_main_office,
    latitude: row.latitude,
    longitude: row.longitude,
  }));
}

const structureHistoryPage: PageStatement = {
  name: 'structure_history_page',
  columns: 'id, effective_date, change_description, details, institution_name, change_code',
  from: 'fdic_history where cert = $1',
  orderBy: 'effective_date desc nulls last, id',
};

/** `/fdic/history/{cert}`: structure events, newest first. */
export function historyEvents(knex: Knex, cert: number, page: z.infer<typeof pageQuerySchema>) {
  return pageOf(knex, structureHistoryPage, [cert], page, (row) => ({
    id: row.id,
    date: isoDate(row.effective_date),
    description: row.change_description ?? 'Structure change',
    details: row.details ?? row.institution_name ?? null,
    changeCode: row.change_code,
  }));
}

/** `/fdic/failures/{cert}`: the failure record(s) of an institution (amounts in thousands). */
export async function failures(knex: Knex, cert: number) {
  const rows = await preparedSelect<Record<string, any>>(knex, knex('fdic_failures').where({ cert }).orderBy('fail_date', 'desc'));
  const thousands = (value: unknown) => (typeof value === 'number' ? value / 1000 : null);
  const data = rows.map((row) => ({
    id: row.id,
    cert: row.cert,
    name: row.name,
    failDate: isoDate(row.fail_date),
    cityState: row.city_state,
    assets: thousands(row.assets),
    deposits: thousands(row.deposits),
    estimatedLoss: thousands(row.estimated_loss),
    fin: row.fin,
    resolutionType: row.resolution_type,
    acquirer: row.acquirer,
  }));
  return { data, meta: { total: data.length } };
}

/** The bank's current offices per state, most first. */
export async function officesByState(knex: Knex, cert: number): Promise<OfficesByState> {
  return (await branchIndex(knex)).officesByState.get(cert) ?? [];
}

/** The newest year of the bank's summary of deposits, or null. */
export async function summaryOfDepositsYear(knex: Knex, cert: number): Promise<number | null> {
  return (await branchIndex(knex)).summaryOfDepositsYear.get(cert) ?? null;
}

/** Offices in all and states they are in, from the offices per state (none listed: undefined). */
export function officeCounts(byState: OfficesByState): { total: number; states: number } | undefined {
  return byState.length === 0 ? undefined : { total: byState.reduce((sum, entry) => sum + entry.offices, 0), states: byState.length };
}

/** `/fdic/summary/{cert}`: the bank overview panel (minority status, office distribution, geography, details). */
export async function overview(knex: Knex, cert: number) {
  const [{ institution }, byState, year] = await Promise.all([institutionColumnsOf(knex, cert), officesByState(knex, cert), summaryOfDepositsYear(knex, cert)]);
  return { data: [{ data: overviewOf(institution, byState, year), score: 0 }], meta: { total: 1 } };
}

/** The overview panel's record from the institution row, its offices per state and its newest deposits year. */
export function overviewOf(institution: Record<string, unknown>, byState: Array<{ state: string; offices: number }>, year: number | null) {
  return {
    cert: institution.cert,
    name: institution.name,
    minorityStatusCode: institution.minority_status_code,
    minorityStatus: institution.minority_status_desc,
    offices: institution.offices,
    officesByState: byState,
    state: institution.state,
    stateName: institution.state_name,
    county: institution.county,
    cbsaCode: institution.cbsa_code,
    cbsaName: institution.cbsa_name,
    csaCode: institution.csa_code,
    csaName: institution.csa_name,
    latitude: institution.latitude,
    longitude: institution.longitude,
    regulator: institution.regulator,
    charterClass: institution.charter_class,
    holdingCompany: institution.holding_company,
    specialization: institution.specialization,
    establishedDate: isoDate(institution.established_date),
    insuredDate: isoDate(institution.insured_date),
    website: institution.website,
    active: institution.active,
    summaryOfDepositsYear: year,
    isDemo: institution.is_demo,
  };
}

/**
 * `/fdic/demographics/{cert}`: BankFind's demographics record. METRO / MICRO hold the CBSA code
 * when the bank's area is metropolitan / micropolitan (the Community Profile looks it up by that
 * code, falling back to CSA).
 */
export async function demographics(knex: Knex, cert: number) {
  const [{ institution, quarter }, byState] = await Promise.all([institutionColumnsOf(knex, cert), officesByState(knex, cert)]);
  return { data: [{ data: demographicsOf(institution, quarter, officeCounts(byState)), score: 0 }], meta: { total: 1 } };
}

/** The demographics record from the institution row, the market's latest quarter and the bank's current offices. */
export function demographicsOf(institution: Record<string, unknown>, quarter: string | null | undefined, offices: { total: number; states: number } | undefined) {
  const cert = institution.cert;
  const metro = institution.cbsa_code && institution.is_metro !== false && !institution.is_micro ? institution.cbsa_code : null;
  const micro = institution.cbsa_code && institution.is_micro ? institution.cbsa_code : null;
  return {
    CERT: cert,
    REPDTE: quarter,
    CBSA: institution.cbsa_code,
    CBSANAME: institution.cbsa_name,
    METRO: metro,
    MICRO: micro,
    CSA: institution.csa_code,
    CSANAME: institution.csa_name,
    OFFTOT: offices?.total ?? institution.offices ?? 0,
    OFFSTATE: offices?.states ?? 0,
    MNRTYCDE: institution.minority_status_code,
  };
}

/** The figures a community profile shows. */
const profileFigures = [
  'population',
  'medianHouseholdIncome',
  'unemploymentRate',
  'povertyRate',
  'renterOccupiedRate',
  'medianAge',
  'collegeEducatedRate',
  'whiteNonHispanicRate',
  'hispanicOrLatinoRate',
  'blackOrAfricanAmericanRate',
  'asianRate',
  'spanishSpeakingRate',
] as const;

/** `/census/{kind}/{code}`: a community profile. */
export async function censusProfile(knex: Knex, kind: 'cbsa' | 'csa', code: string) {
  const row = await knex('census_profiles').where({ kind, code }).first();
  if (!row) throw new NotFoundError(`Community profile for ${kind.toUpperCase()} ${code}`);
  const profile = {
    kind: row.kind,
    code: row.code,
    name: row.name,
    population: row.population,
    medianHouseholdIncome: row.median_household_income,
    unemploymentRate: row.unemployment_rate,
    povertyRate: row.poverty_rate,
    renterOccupiedRate: row.renter_occupied_rate,
    medianAge: row.median_age,
    collegeEducatedRate: row.college_educated_rate,
    whiteNonHispanicRate: row.white_non_hispanic_rate,
    hispanicOrLatinoRate: row.hispanic_or_latino_rate,
    blackOrAfricanAmericanRate: row.black_or_african_american_rate,
    asianRate: row.asian_rate,
    spanishSpeakingRate: row.spanish_speaking_rate,
    source: row.source,
    isDemo: row.is_demo,
  };
  // A Census file may list an area with none of these figures (the ACS economic file gives some
  // areas only their GDP): such an area has no profile to show, so the screen falls back to the
  // broader Combined Statistical Area instead of a card of N/A.
  if (profileFigures.every((figure) => typeof profile[figure] !== 'number')) throw new NotFoundError(`Community profile for ${kind.toUpperCase()} ${code}`);
  return profile;
}

/** `/fdic/field-map`: code to description for every field we store (imported definitions over our own titles). */
export function fieldMap(knex: Knex): Promise<Record<string, string>> {
  return cached(knex, 'field-map', async () => {
    const map = builtInFieldTitles();
    // The demo set's definitions are copies of our titles as they were when it was loaded.
    const rows = await knex('fdic_field_definitions').where({ is_demo: false }).select('code', 'title', 'description');
    for (const row of rows) map[row.code] = row.title ?? row.description ?? map[row.code];
    return map;
  });
}

/** `/fdic/data-status`: whether the mirror holds demo data, how much, and how fresh. */
export function dataStatus(knex: Knex) {
  return cached(knex, 'data-status', async () => {
    const [counts, quarter] = await Promise.all([
      knex('fdic_institutions')
        .select(knex.raw('count(*)::int as institutions, count(*) filter (where active)::int as active, bool_or(is_demo) as demo, max(updated_at) filter (where not is_demo) as last_sync'))
        .first(),
      latestQuarter(knex),
    ]);
    return {
      isDemo: counts?.demo === true,
      institutions: counts?.institutions ?? 0,
      activeInstitutions: counts?.active ?? 0,
      latestQuarter: quarter,
      latestQuarterLabel: quarter ? quarterLabel(quarter) : null,
      lastSyncAt: counts?.last_sync ? new Date(counts.last_sync).toISOString() : null,
    };
  });
}

export { listQuarters, resolveQuarter };

export const peersQuerySchema = z.object({
  minAssets: z.coerce.number().min(0).optional(),
  maxAssets: z.coerce.number().min(0).optional(),
  state: z.string().trim().optional(),
  regulator: z.string().trim().optional(),
  charterType: z.string().trim().optional(),
  useFDIC: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  quarter: quarterSchema.optional(),
});

const chosen = (value: string | undefined) => (value && value.toLowerCase() !== 'all' ? value.toUpperCase() : undefined);

/** `/fdic/peers`: active banks in an asset range (thousands, as the screen sends it), largest first, with the peer metrics. */
export async function peers(knex: Knex, query: z.infer<typeof peersQuerySchema>): Promise<Bank[]> {
  const quarter = await resolveQuarter(knex, query.quarter);
  const builder = knex('fdic_financials as f')
    .join('fdic_institutions as i', 'i.cert', 'f.cert')
    .where('f.repdte', quarter)
    .andWhere('i.active', true)
    .select(bankSelection(knex))
    .orderByRaw('f.assets desc nulls last')
    .orderBy('i.cert')
    .limit(query.limit);
  if (query.minAssets !== undefined) builder.where('f.assets', '>=', query.minAssets * 1000);
  if (query.maxAssets !== undefined) builder.where('f.assets', '<=', query.maxAssets * 1000);
  const state = chosen(query.state);
  const regulator = chosen(query.regulator);
  const charter = chosen(query.charterType);
  if (state) builder.where('i.state', state);
  if (regulator) builder.where('i.regulator', regulator);
  if (charter) builder.where('i.charter_class', charter);
  const rows = await builder;
  return (rows as Array<Record<string, unknown>>).map(toBank);
}
