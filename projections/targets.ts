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
    // retargeted_at: when the bank came back after being untracked (a tracking that is not the stream's
    // first event) or un-targeted; the automations started before stop, as taking it off stopped them.
    BankTracked: ({ ownerId, financials, tags, linkedinCompanyUrl, targetedAt, ...columns }, event) =>
      insert({
        ...columns,
        user_id: ownerId,
        is_target: true,
        linkedin_company_url: linkedinCompanyUrl,
        tags,
        financials,
        targeted_at: targetedAt,
        retargeted_at: event.streamVersion > 1 ? event.recordedAt : null,
      }),
    BankSnapshotRefreshed: (data) => update({ ...data.details, financials: mergeJson(data.financials) }),
    // only ever emitted for a bank that was un-targeted
    BankTargeted: (data, event) => update({ is_target: true, targeted_at: data.targetedAt, retargeted_at: event.recordedAt }),
    BankUntargeted: () => update({ is_target: false }),
    BankNotesChanged: (data) => update({ notes: data.notes }),
    BankTagsChanged: (data) => update({ tags: data.tags }),
    BankLinkedinCompanyUrlChanged: (data) => update({ linkedin_company_url: data.linkedinCompanyUrl }),
    BankUntracked: () => remove(),
    RatioAlertRaised: (data) => update({ ratio_alert: data }),
    RatioAlertDismissed: () => update({ ratio_alert: null }),
  },
);
