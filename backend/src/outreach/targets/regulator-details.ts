import type { Knex } from 'knex';
import { handleCommand } from '../../commands/handle-command.ts';
import { runWithContext, systemContext } from '../../context/request-context.ts';
import type { EventStore } from '../../eventstore/types.ts';
import { logger } from '../../logging/logger.ts';
import { mirroredSnapshot } from './commands.ts';
import { targetDecider } from './decider.ts';
import { targetStreamId, type BankDetails } from './events.ts';

export type RegulatorDetailsResult = { refreshed: number };

const detailColumns = ['name', 'city', 'state', 'zip', 'address', 'website'] as const satisfies ReadonlyArray<keyof BankDetails>;

type ChangedTargetRow = { user_id: string; cert: number } & Record<(typeof detailColumns)[number], string | null>;

/**
 * SQL: the mirror has a value for the detail (trimmed, not blank) and the tracked bank another one.
 * A detail the regulator does not give leaves the tracked bank's as it is.
 */
const differs = (column: string) => `nullif(trim(i.${column}), '') <> coalesce(t.${column}, '')`;

/**
 * After a sync or import: every tracked bank (of every user) whose name, city, state, ZIP code,
 * address or website differs from the regulator's current one takes the regulator's, as an event on
 * its own stream, so a renamed or moved bank reads by its new details on every screen. A bank
 * missing from the mirror is left alone. The decider drops details that did not change, so running
 * this again appends nothing.
 */
export async function followRegulatorDetails(deps: { knex: Knex; eventStore: EventStore }): Promise<RegulatorDetailsResult> {
  const { knex, eventStore } = deps;
  const rows: ChangedTargetRow[] = await knex('targets as t')
    .join('fdic_institutions as i', 'i.cert', 't.cert')
    .where((changed) => {
      for (const column of detailColumns) changed.orWhereRaw(differs(column));
    })
    .orderBy(['t.user_id', 't.cert'])
    .select('t.user_id', 't.cert', ...detailColumns.map((column) => `i.${column}`));
  let refreshed = 0;
  for (const { user_id: userId, cert, ...mirror } of rows) {
    // Values our own rules refuse (a website that is no web address) and blanks are left out.
    const details = Object.fromEntries(Object.entries(mirroredSnapshot(mirror).details).filter(([, value]) => value != null));
    // One bank that fails (untracked while this ran) does not keep the others on their old details.
    try {
      const result = await runWithContext(systemContext({ userId, source: 'import' }), () =>
        handleCommand(eventStore, targetDecider, targetStreamId(userId, cert), { type: 'RefreshBankSnapshot', userId, details, financials: {} }),
      );
      if (result.appended > 0) refreshed += 1;
    } catch (error) {
      logger.error('a tracked bank could not take the regulator details', { userId, cert, error: (error as Error).stack ?? String(error) });
    }
  }
  logger.info('tracked banks took the regulator details', { candidates: rows.length, refreshed });
  return { refreshed };
}
