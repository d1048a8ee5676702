import { describeAlert } from '../../../../domain/ratio-alerts.ts';
import { quarterLabel } from '../../../../domain/format.ts';
import { quoted, type ActivityDescription } from '../activity.ts';
import { parseTargetStreamId, type TargetEvent } from './events.ts';

/** At most a few names, then how many more: "assets, roa, nplRatio and 4 more". */
export function listOf(names: string[], max = 4): string {
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}

export const targetActivity: ActivityDescription<TargetEvent> = {
  resource: 'banks',
  recordId: (streamId) => String(parseTargetStreamId(streamId).cert),
  summaries: {
    BankTracked: (data) => `Added ${quoted(data.name)} to targets`,
    BankSnapshotRefreshed: (data) => `Refreshed bank details: ${listOf([...Object.keys(data.details), ...Object.keys(data.financials)])}`,
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
