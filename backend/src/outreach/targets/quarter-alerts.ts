import type { Knex } from 'knex';
import { ratioCrossings, type RatioFigures } from '../../../../domain/ratio-alerts.ts';
import { handleCommand } from '../../commands/handle-command.ts';
import { runWithContext, systemContext } from '../../context/request-context.ts';
import type { EventStore } from '../../eventstore/types.ts';
import { logger } from '../../logging/logger.ts';
import { targetDecider } from './decider.ts';
import { targetStreamId } from './events.ts';

export type QuarterAlertResult = { quarter: string | null; previousQuarter: string | null; alerts: number };

/** The regulator columns of the watched ratios. */
const ratioColumns = {
  roa: 'roa',
  nplRatio: 'npl_ratio',
  tier1CapitalRatio: 'tier1_capital_ratio',
  netChargeOffsRatio: 'net_charge_offs_to_loans_ratio',
  efficiencyRatio: 'efficiency_ratio',
} as const satisfies Record<keyof RatioFigures, string>;

type TargetFiguresRow = { user_id: string; cert: number } & Record<string, number | null>;

const figuresOf = (row: TargetFiguresRow, prefix: 'p' | 'c'): RatioFigures =>
  Object.fromEntries(Object.entries(ratioColumns).map(([key, column]) => [key, row[`${prefix}_${column}`]]));

async function latestQuarters(knex: Knex): Promise<{ quarter: string | null; previousQuarter: string | null }> {
  const latest = (await knex('fdic_financials').max('repdte as repdte').first()) as { repdte: string | null } | undefined;
  const quarter = latest?.repdte ?? null;
  if (!quarter) return { quarter: null, previousQuarter: null };
  const previous = (await knex('fdic_financials').where('repdte', '<', quarter).max('repdte as repdte').first()) as { repdte: string | null } | undefined;
  return { quarter, previousQuarter: previous?.repdte ?? null };
}

/**
 * After a sync or import: when the newest quarter of regulator data has not been alerted on yet,
 * every target bank whose watched ratios changed colour since the quarter before gets an alert on
 * its own stream (the user sees it as a badge, a dashboard card and an activity entry). The quarter
 * is recorded once every target is done, so an interrupted run is completed by the next one; the
 * decider raises one alert per bank and quarter however often this runs.
 */
export async function raiseQuarterAlerts(deps: { knex: Knex; eventStore: EventStore; now?: () => Date }): Promise<QuarterAlertResult> {
  const { knex, eventStore } = deps;
  const { quarter, previousQuarter } = await latestQuarters(knex);
  if (!quarter) return { quarter, previousQuarter, alerts: 0 };
  if (await knex('quarter_alert_runs').where({ quarter }).first('quarter')) return { quarter, previousQuarter, alerts: 0 };
  let alerts = 0;
  if (previousQuarter) {
    const figureColumns = Object.values(ratioColumns).flatMap((column) => [`p.${column} as p_${column}`, `c.${column} as c_${column}`]);
    const rows: TargetFiguresRow[] = await knex('targets as t')
      .join('fdic_financials as c', (join) => join.on('c.cert', 't.cert').andOnVal('c.repdte', quarter))
      .join('fdic_financials as p', (join) => join.on('p.cert', 't.cert').andOnVal('p.repdte', previousQuarter))
      .where('t.is_target', true)
      .select('t.user_id', 't.cert', ...figureColumns);
    const raisedAt = (deps.now?.() ?? new Date()).toISOString();
    for (const row of rows) {
      const crossings = ratioCrossings(figuresOf(row, 'p'), figuresOf(row, 'c'));
      if (crossings.length === 0) continue;
      const result = await runWithContext(systemContext({ userId: row.user_id, source: 'import' }), () =>
        handleCommand(eventStore, targetDecider, targetStreamId(row.user_id, row.cert), { type: 'RaiseRatioAlert', alert: { quarter, previousQuarter, raisedAt, crossings } }),
      );
      alerts += result.appended;
    }
  }
  await knex('quarter_alert_runs').insert({ quarter, previous_quarter: previousQuarter, alerts }).onConflict('quarter').ignore();
  logger.info('quarter alerts raised', { quarter, previousQuarter, alerts });
  return { quarter, previousQuarter, alerts };
}
