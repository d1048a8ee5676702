import { toDomainEvent } from '../backend/src/events/registry.ts';
import { parseTargetStreamId, targetEvents, type TargetEvent } from '../backend/src/outreach/targets/events.ts';
import type { Projection } from './projection.ts';
import { deleteRow, insertRow, updateRow } from './versioned-rows.ts';

/**
 * Tracked banks, one row per user and cert; untracking deletes the row (the stream keeps the history).
 * Not buffered on rebuild: a snapshot refresh merges its figures into the stored JSON in SQL.
 */
export const targetsProjection: Projection = {
  name: 'targets',
  tables: ['targets'],
  handles: Object.keys(targetEvents),
  async apply(recorded, trx) {
    const event = toDomainEvent<TargetEvent>(recorded);
    const { userId, cert } = parseTargetStreamId(recorded.streamId);
    const key = { user_id: userId, cert };
    switch (event.type) {
      case 'BankTracked': {
        const { ownerId, financials, tags, linkedinCompanyUrl, targetedAt, ...columns } = event.data;
        const row = {
          ...columns,
          user_id: ownerId,
          is_target: true,
          linkedin_company_url: linkedinCompanyUrl,
          tags: JSON.stringify(tags),
          financials: JSON.stringify(financials),
          targeted_at: targetedAt,
        };
        return insertRow(trx, 'targets', recorded, row, ['user_id', 'cert']);
      }
      case 'BankSnapshotRefreshed':
        return updateRow(trx, 'targets', key, recorded, {
          ...event.data.details,
          financials: trx.raw('financials || ?::jsonb', [JSON.stringify(event.data.financials)]),
        });
      case 'BankTargeted':
        return updateRow(trx, 'targets', key, recorded, { is_target: true, targeted_at: event.data.targetedAt });
      case 'BankUntargeted':
        return updateRow(trx, 'targets', key, recorded, { is_target: false });
      case 'BankNotesChanged':
        return updateRow(trx, 'targets', key, recorded, { notes: event.data.notes });
      case 'BankTagsChanged':
        return updateRow(trx, 'targets', key, recorded, { tags: JSON.stringify(event.data.tags) });
      case 'BankLinkedinCompanyUrlChanged':
        return updateRow(trx, 'targets', key, recorded, { linkedin_company_url: event.data.linkedinCompanyUrl });
      case 'BankUntracked':
        return deleteRow(trx, 'targets', key, recorded);
      case 'RatioAlertRaised':
        return updateRow(trx, 'targets', key, recorded, { ratio_alert: JSON.stringify(event.data) });
      case 'RatioAlertDismissed':
        return updateRow(trx, 'targets', key, recorded, { ratio_alert: null });
    }
  },
};
