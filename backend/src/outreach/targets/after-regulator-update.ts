import type { Knex } from 'knex';
import type { EventStore } from '../../eventstore/types.ts';
import { logger } from '../../logging/logger.ts';
import { raiseQuarterAlerts, type QuarterAlertResult } from './quarter-alerts.ts';
import { followRegulatorDetails, type RegulatorDetailsResult } from './regulator-details.ts';

export type TrackedBanksUpdate = { alerts: QuarterAlertResult | null; details: RegulatorDetailsResult | null };

/**
 * What tracked banks take from new regulator data, run after every sync and every import: the
 * quarter alerts, and the regulator's current names and addresses. Each step runs even when the
 * other fails (logged, its result null): a failed alert run must not keep a renamed bank's old name.
 */
export async function updateTrackedBanks(deps: { knex: Knex; eventStore: EventStore }): Promise<TrackedBanksUpdate> {
  return {
    alerts: await loggedStep('quarter alerts', () => raiseQuarterAlerts(deps)),
    details: await loggedStep('regulator details of tracked banks', () => followRegulatorDetails(deps)),
  };
}

async function loggedStep<Result>(what: string, step: () => Promise<Result>): Promise<Result | null> {
  try {
    return await step();
  } catch (error) {
    logger.error(`${what} failed after the regulator data changed`, { error: (error as Error).stack ?? String(error) });
    return null;
  }
}
