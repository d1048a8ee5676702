import type { Knex } from 'knex';

/**
 * The regulator mirror (DESIGN.md "Regulator data"): FDIC BankFind and Census reference data,
 * replaced wholesale by sync/import, never event-sourced. Money is stored in DOLLARS (FDIC reports
 * thousands; normalise.ts converts), ratios as the FDIC gives them (percentages). Rows that came from
 * the generated demo set carry is_demo = true so the API can say so and a real sync can clear them.
 */

// Curated quarterly measures of fdic_financials, named after the normalised bank
// (snake_case) plus the per-loan-family figures the dashboard and asset-quality table sum.
const financialMoneyColumns = [
  'assets',
  'deposits',
  'total_equity',
  'net_income',
  'net_charge_offs',
  'tier1_capital',
  'earning_assets',
  'total_loans_and_leases',
  'nonaccrual_loans_and_leases',
  'thirty_ninety_pd',
  'ninety_plus_pd',
  'allowance_for_loan_losses',
  'charge_offs',
  'recoveries',
  'oreo',
  'cc_ninety_plus_delinq',
  'auto_ninety_plus_delinq',
  'interest_income',
  'interest_expense',
  'net_interest_income',
  'non_interest_income',
  'non_interest_expense',
  'income_before_tax',
  'provision_for_loan_losses',
  'total_risk_based_capital',
  'total_risk_weighted_assets',
  'core_deposits',
  'brokered_deposits',
  'loans_and_leases_gross',
  'loans_re_gross',
  'loans_re_1_4_family_gross',
  'loans_re_1_4_family_first_liens',
  'loans_re_commercial_gross',
  'loans_ci_gross',
  'loans_consumer_gross',
  'loans_consumer_credit_card_gross',
  'loans_consumer_auto_gross',
  'loans_ag_gross',
  'loans_other_gross',
  'leases_gross',
  // Per loan family (re, ci, consumer, ag): 30-89 days past due, 90+ days past due, nonaccrual, gross charge-offs (YTD).
  ...['re', 'ci', 'consumer', 'ag'].flatMap((family) => [
    `past_due_30_89_${family}`,
    `past_due_90_plus_${family}`,
    `nonaccrual_${family}`,
    `charge_offs_${family}`,
  ]),
];

const financialRatioColumns = [
  'roa',
  'roaq',
  'roe',
  'roeq',
  'npl_ratio',
  'net_charge_offs_to_loans_ratio',
  'tier1_capital_ratio',
  'efficiency_ratio',
  'net_interest_margin',
  'net_interest_margin_quarterly',
  'allowance_to_loans_ratio',
  'tier1_leverage_ratio',
  'total_risk_based_capital_ratio',
  'common_equity_tier1_ratio',
  'equity_to_assets_ratio',
  'net_loans_to_deposits_ratio',
  // Derived ratios (percentages; null when the denominator is not positive).
  'non_interest_income_to_revenue',
  'cost_of_funds',
  'oreo_to_assets',
  'cre_concentration',
  'brokered_deposits_ratio',
  'core_deposits_ratio',
  'nonaccrual_ratio',
  // Risk score (0-100, domain/risk.ts), null without all three inputs.
  'risk_score',
];

// Every sort the directory, credit box, dashboard spotlight and risk lists use, per quarter.
export const financialSortColumns = [
  'assets',
  'deposits',
  'roa',
  'roaq',
  'roe',
  'npl_ratio',
  'net_charge_offs',
  'tier1_capital_ratio',
  'efficiency_ratio',
  'net_interest_margin',
  'loans_re_1_4_family_first_liens',
  'loans_consumer_auto_gross',
  'loans_consumer_credit_card_gross',
  'risk_score',
];

async function tryCreateTrigramExtension(knex: Knex): Promise<boolean> {
  const available = await knex.raw("select 1 from pg_available_extensions where name = 'pg_trgm'");
  if (available.rows.length === 0) return false;
  try {
    // A savepoint, so a refused CREATE EXTENSION (no privilege) does not abort the migration's transaction.
    await knex.transaction(async (savepoint) => {
      await savepoint.raw('create extension if not exists pg_trgm');
    });
    return true;
  } catch {
    return false;
  }
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fdic_institutions', (t) => {
    t.integer('cert').primary();
    t.text('name').notNullable();
    t.text('city');
    t.text('state'); // two-letter code (STALP, or derived from STNAME)
    t.text('state_name');
    t.text('zip');
    t.text('address');
    t.text('county');
    t.text('website');
    t.text('regulator'); // REGAGNT: FDIC, FRS, OCC, ...
    t.text('charter_class'); // BKCLASS: N, NM, SM, SB, SA, OI
    t.boolean('active').notNullable().defaultTo(true);
    t.double('assets');
    t.double('deposits');
    t.double('total_equity');
    t.double('net_income');
    t.integer('offices');
    t.double('roa');
    t.double('roaq');
    t.double('roe');
    t.text('cbsa_code');
    t.text('cbsa_name');
    t.boolean('is_metro');
    t.boolean('is_micro');
    t.text('csa_code');
    t.text('csa_name');
    t.integer('minority_status_code');
    t.text('minority_status_desc');
    t.text('holding_company');
    t.text('specialization');
    t.date('established_date');
    t.date('insured_date');
    t.date('inactive_date');
    t.double('latitude');
    t.double('longitude');
    t.text('repdte'); // report date of the figures on this record, YYYYMMDD
    t.jsonb('raw').notNullable().defaultTo('{}');
    t.boolean('is_demo').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['active', 'assets']);
    t.index(['regulator']);
    t.index(['charter_class']);
    t.index(['state']);
    t.index(['cbsa_code']);
    t.index(['csa_code']);
    t.index(['is_demo']);
  });
  await knex.raw('create index fdic_institutions_lower_name on fdic_institutions (lower(name) text_pattern_ops)');

  await knex.schema.createTable('fdic_financials', (t) => {
    t.integer('cert').notNullable();
    t.text('repdte').notNullable(); // YYYYMMDD, as the FDIC writes it
    t.date('report_date').notNullable();
    for (const column of financialMoneyColumns) t.double(column);
    for (const column of financialRatioColumns) t.double(column);
    t.jsonb('raw').notNullable().defaultTo('{}');
    t.boolean('is_demo').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['cert', 'repdte']);
    t.index(['repdte']);
    t.index(['is_demo']);
  });
  for (const column of financialSortColumns) {
    await knex.raw(`create index ?? on fdic_financials (repdte, ?? desc nulls last)`, [`fdic_financials_repdte_${column}`, column]);
  }

  await knex.schema.createTable('fdic_locations', (t) => {
    t.text('id').primary(); // UNINUM (FDIC unique branch number)
    t.integer('cert').notNullable();
    t.text('name');
    t.text('address');
    t.text('city');
    t.text('state');
    t.text('zip');
    t.text('county');
    t.text('service_type');
    t.date('established_date');
    t.boolean('is_main_office').notNullable().defaultTo(false);
    t.double('latitude');
    t.double('longitude');
    t.double('deposits'); // dollars, from the latest Summary of Deposits when known
    t.text('cbsa_code');
    t.jsonb('raw').notNullable().defaultTo('{}');
    t.boolean('is_demo').notNullable().defaultTo(false);
    t.index(['cert', 'is_main_office', 'name']);
    t.index(['is_demo']);
  });

  await knex.schema.createTable('fdic_history', (t) => {
    t.text('id').primary();
    t.integer('cert').notNullable();
    t.date('effective_date');
    t.integer('change_code');
    t.text('change_description');
    t.text('institution_name');
    t.text('details');
    t.jsonb('raw').notNullable().defaultTo('{}');
    t.boolean('is_demo').notNullable().defaultTo(false);
    t.index(['cert', 'effective_date']);
    t.index(['is_demo']);
  });

  await knex.schema.createTable('fdic_sod', (t) => {
    t.text('id').primary(); // `${year}-${UNINUMBR}`
    t.integer('year').notNullable();
    t.integer('cert').notNullable();
    t.text('branch_id'); // UNINUMBR
    t.integer('branch_number'); // BRNUM
    t.text('name');
    t.text('address');
    t.text('city');
    t.text('state');
    t.text('zip');
    t.text('county');
    t.double('deposits'); // dollars
    t.boolean('is_main_office').notNullable().defaultTo(false);
    t.double('latitude');
    t.double('longitude');
    t.text('cbsa_code');
    t.text('cbsa_name');
    t.text('csa_code');
    t.jsonb('raw').notNullable().defaultTo('{}');
    t.boolean('is_demo').notNullable().defaultTo(false);
    t.index(['cert', 'year', 'deposits']);
    t.index(['is_demo']);
  });

  await knex.schema.createTable('fdic_failures', (t) => {
    t.text('id').primary();
    t.integer('cert');
    t.text('name');
    t.text('city');
    t.text('state');
    t.text('city_state');
    t.date('fail_date');
    t.double('assets'); // dollars
    t.double('deposits');
    t.double('estimated_loss');
    t.text('fin');
    t.text('resolution_type');
    t.text('acquirer');
    t.jsonb('raw').notNullable().defaultTo('{}');
    t.boolean('is_demo').notNullable().defaultTo(false);
    t.index(['cert']);
    t.index(['fail_date']);
    t.index(['is_demo']);
  });

  await knex.schema.createTable('fdic_field_definitions', (t) => {
    t.text('endpoint').notNullable(); // institutions, financials, locations, history, sod, failures, ...
    t.text('code').notNullable();
    t.text('title');
    t.text('description');
    t.text('type');
    t.boolean('is_demo').notNullable().defaultTo(false);
    t.primary(['endpoint', 'code']);
  });

  await knex.schema.createTable('census_profiles', (t) => {
    t.text('kind').notNullable(); // cbsa | csa
    t.text('code').notNullable();
    t.text('name');
    t.double('population');
    t.double('median_household_income');
    t.double('unemployment_rate');
    t.double('poverty_rate');
    t.double('renter_occupied_rate');
    t.double('median_age');
    t.double('college_educated_rate');
    t.double('white_non_hispanic_rate');
    t.double('hispanic_or_latino_rate');
    t.double('black_or_african_american_rate');
    t.double('asian_rate');
    t.double('spanish_speaking_rate');
    t.text('source'); // e.g. 'ACS 5-Year Estimates 2022'
    t.jsonb('raw').notNullable().defaultTo('{}');
    t.boolean('is_demo').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['kind', 'code']);
    t.index(['is_demo']);
  });

  // Keep the source records out of line, so the scans behind lists and aggregates read narrow rows.
  // No parallel scans: the screens' queries each read one quarter (a few thousand rows) and run many
  // at once, where worker start-up costs more than it saves (measured on the credit box ranking).
  for (const table of ['fdic_institutions', 'fdic_financials', 'fdic_locations', 'fdic_sod']) {
    await knex.raw(`alter table ?? set (toast_tuple_target = 128, parallel_workers = 0)`, [table]);
  }

  // Name search ("NAME: *text*" is an ILIKE '%text%'): a trigram index where the engine has pg_trgm.
  if (await tryCreateTrigramExtension(knex)) {
    await knex.raw('create index fdic_institutions_name_trgm on fdic_institutions using gin (name gin_trgm_ops)');
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'census_profiles',
    'fdic_field_definitions',
    'fdic_failures',
    'fdic_sod',
    'fdic_history',
    'fdic_locations',
    'fdic_financials',
    'fdic_institutions',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
