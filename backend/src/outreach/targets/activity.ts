import { describeAlert } from '../../../../domain/ratio-alerts.ts';
import { bankDetailLabels, figuresInBrief } from '../../../../domain/bank-fields.ts';
import { listOf, quarterLabel } from '../../../../domain/format.ts';
import { quoted, type ActivityDescription } from '../activity.ts';
import { parseTargetStreamId, type TargetEvent } from './events.ts';

/**
 * What a refresh changed: the details by label, the figures with their new values. A new name is
 * given too (`Name (now "Big Bank, N.A.")`): a renamed bank is otherwise hard to recognise.
 */
function refreshed({ details, financials }: { details: Record<string, unknown>; financials: Record<string, unknown> }): string {
  const parts = [];
  const detailLabels = Object.entries(details).map(([field, value]) => {
    const label = bankDetailLabels[field] ?? field;
    return field === 'name' && typeof value === 'string' ? `${label} (now ${quoted(value)})` : label;
  });
  if (detailLabels.length) parts.push(`Updated details: ${listOf(detailLabels)}`);
  if (Object.keys(financials).length) parts.push(figuresInBrief(financials));
  return parts.join('; ');
}

export const targetActivity: ActivityDescription<TargetEvent> = {
  resource: 'banks',
  recordId: (streamId) => String(parseTargetStreamId(streamId).cert),
  summaries: {
    BankTracked: (data) => `Added ${quoted(data.name)} to targets`,
    BankSnapshotRefreshed: refreshed,
    BankTargeted: () => 'Marked bank as a target',
    BankUntargeted: () => 'Removed bank from targets',
    BankNotesChanged: (data) => (data.notes ? `Updated notes to ${quoted(data.notes)}` : 'Cleared notes'),
    BankTagsChanged: (data) => (data.tags.length ? `Set tags to ${listOf(data.tags)}` : 'Cleared tags'),
    BankLinkedinCompanyUrlChanged: (data) =>
      data.linkedinCompanyUrl ? `Set LinkedIn company page to ${data.linkedinCompanyUrl}` : 'Cleared LinkedIn company page',
    BankUntracked: () => 'Stopped tracking bank',
    RatioAlertRaised: (data) => `Quarter alert: ${describeAlert(data)}`,
    RatioAlertDismissed: (data) => `Dismissed the ${quarterLabel(data.quarter)} quarter alert`,
  },
};
