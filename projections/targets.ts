import { parseTargetStreamId, targetEvents } from '../backend/src/outreach/targets/events.ts';
import { defineRowProjection, insert, mergeJson, remove, update } from './row-projection.ts';

/** Tracked banks, one row per user and cert; untracking deletes the row (the stream keeps the history). */
export const targetsProjection = defineRowProjection(
  {
    name: 'targets',
    title: 'Tracked banks',
    table: 'targets',
    key: ['user_id', 'cert'],
    version: 1,
    events: targetEvents,
    streamKey: (streamId) => {
      const { userId, cert } = parseTargetStreamId(streamId);
      return { user_id: userId, cert };
    },
  },
  {
    BankTracked: ({ ownerId, financials, tags, linkedinCompanyUrl, targetedAt, ...columns }) =>
      insert({ ...columns, user_id: ownerId, is_target: true, linkedin_company_url: linkedinCompanyUrl, tags, financials, targeted_at: targetedAt }),
    BankSnapshotRefreshed: (data) => update({ ...data.details, financials: mergeJson(data.financials) }),
    BankTargeted: (data) => update({ is_target: true, targeted_at: data.targetedAt }),
    BankUntargeted: () => update({ is_target: false }),
    BankNotesChanged: (data) => update({ notes: data.notes }),
    BankTagsChanged: (data) => update({ tags: data.tags }),
    BankLinkedinCompanyUrlChanged: (data) => update({ linkedin_company_url: data.linkedinCompanyUrl }),
    BankUntracked: () => remove(),
    RatioAlertRaised: (data) => update({ ratio_alert: data }),
    RatioAlertDismissed: () => update({ ratio_alert: null }),
  },
);
