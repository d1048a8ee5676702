import { deciderSpec } from '../../commands/decider-spec.ts';
import { NotFound } from '../../commands/errors.ts';
import { targetDecider } from './decider.ts';
import type { TargetEvent } from './events.ts';

const owner = '11111111-1111-4111-8111-111111111111';
const stranger = '22222222-2222-4222-8222-222222222222';
const at = '2026-11-22T10:00:00.000Z';
const later = '2026-11-23T09:30:00.000Z';
const details = { name: 'First Example Bank', city: 'Springfield', state: 'IL', zip: '62701', address: '1 Main St', website: 'www.example.com' };
const tracked: TargetEvent = {
  type: 'BankTracked',
  data: { cert: 628, ownerId: owner, ...details, financials: { assets: 1_250_000_000, roa: 1.1 }, notes: '', tags: [], linkedinCompanyUrl: null, targetedAt: at },
};
const track = { type: 'TrackBank' as const, userId: owner, cert: 628, details, financials: { assets: 1_250_000_000, roa: 1.1 }, at };
const untargeted: TargetEvent = { type: 'BankUntargeted', data: {} };
const noted: TargetEvent = { type: 'BankNotesChanged', data: { notes: 'Met at the ABA conference' } };
const tagged: TargetEvent = { type: 'BankTagsChanged', data: { tags: ['CRE', 'Q1'] } };
const untracked: TargetEvent = { type: 'BankUntracked', data: {} };
const spec = deciderSpec(targetDecider);

describe('target decider', () => {
  it('tracks a bank as a target with its details and figures; details it lacks start empty', () => {
    spec
      .given([])
      .when({ ...track, details: { name: 'First Example Bank' }, financials: {} })
      .then([
        {
          type: 'BankTracked',
          data: {
            cert: 628, ownerId: owner, name: 'First Example Bank', city: null, state: null, zip: null, address: null, website: null,
            financials: {}, notes: '', tags: [], linkedinCompanyUrl: null, targetedAt: at,
          },
        },
      ]);
  });

  it('tracking a tracked bank again re-targets it and refreshes only the figures that changed, keeping notes and tags', () => {
    spec
      .given([tracked, noted, tagged, untargeted])
      .when({ ...track, details: { ...details, city: 'Chicago' }, financials: { assets: 1_300_000_000, roa: 1.1, nplRatio: 0.4 }, at: later })
      .then([
        { type: 'BankSnapshotRefreshed', data: { details: { city: 'Chicago' }, financials: { assets: 1_300_000_000, nplRatio: 0.4 } } },
        { type: 'BankTargeted', data: { targetedAt: later } },
      ]);
  });

  it('tracking an unchanged target again changes nothing', () => {
    spec.given([tracked]).when(track).then([]);
  });

  it('re-adding a removed bank carries over its notes, tags and LinkedIn page', () => {
    const linked: TargetEvent = { type: 'BankLinkedinCompanyUrlChanged', data: { linkedinCompanyUrl: 'https://www.linkedin.com/company/example' } };
    spec
      .given([tracked, noted, tagged, linked, untracked])
      .when({ ...track, financials: { assets: 9 }, at: later })
      .then([
        {
          type: 'BankTracked',
          data: {
            cert: 628, ownerId: owner, ...details, financials: { assets: 9 }, notes: 'Met at the ABA conference', tags: ['CRE', 'Q1'],
            linkedinCompanyUrl: 'https://www.linkedin.com/company/example', targetedAt: later,
          },
        },
      ]);
  });

  it('un-targets a target, keeping it tracked; un-targeting again changes nothing', () => {
    spec.given([tracked]).when({ type: 'SetBankTarget', userId: owner, isTarget: false, at }).then([untargeted]);
    spec.given([tracked, untargeted]).when({ type: 'SetBankTarget', userId: owner, isTarget: false, at }).then([]);
    spec.given([tracked, untargeted]).when({ type: 'SetBankTarget', userId: owner, isTarget: true, at: later }).then([{ type: 'BankTargeted', data: { targetedAt: later } }]);
  });

  it('refuses to un-target a bank that is not tracked, with the spec message', () => {
    spec.given([]).when({ type: 'SetBankTarget', userId: owner, isTarget: false, at }).thenThrows(/^Cannot untarget a bank that is not tracked locally\.$/, NotFound);
    spec.given([tracked, untracked]).when({ type: 'SetBankTarget', userId: owner, isTarget: false, at }).thenThrows(/not tracked locally/, NotFound);
  });

  it('saving notes marks the bank as a target by default, or leaves it un-targeted when told so', () => {
    spec
      .given([tracked, untargeted])
      .when({ type: 'UpdateBankNotes', userId: owner, notes: 'Call in March', isTarget: true, at: later })
      .then([
        { type: 'BankNotesChanged', data: { notes: 'Call in March' } },
        { type: 'BankTargeted', data: { targetedAt: later } },
      ]);
    spec
      .given([tracked, untargeted])
      .when({ type: 'UpdateBankNotes', userId: owner, notes: 'Call in March', isTarget: false, at })
      .then([{ type: 'BankNotesChanged', data: { notes: 'Call in March' } }]);
  });

  it('turns a whole-record edit into one event per changed field; changed notes re-target unless isTarget is sent', () => {
    spec
      .given([tracked, untargeted])
      .when({
        type: 'EditTrackedBank',
        userId: owner,
        changes: { details: { name: 'First Example Bank', website: 'example.com' }, financials: { roa: 1.1 }, notes: 'New notes', tags: ['CRE'], linkedinCompanyUrl: null },
        at: later,
      })
      .then([
        { type: 'BankSnapshotRefreshed', data: { details: { website: 'example.com' }, financials: {} } },
        { type: 'BankNotesChanged', data: { notes: 'New notes' } },
        { type: 'BankTagsChanged', data: { tags: ['CRE'] } },
        { type: 'BankTargeted', data: { targetedAt: later } },
      ]);
    spec
      .given([tracked, untargeted])
      .when({ type: 'EditTrackedBank', userId: owner, changes: { details: {}, financials: {}, notes: 'New notes', isTarget: false }, at })
      .then([{ type: 'BankNotesChanged', data: { notes: 'New notes' } }]);
  });

  it('appends nothing when a whole-record edit changes nothing', () => {
    spec
      .given([tracked, noted])
      .when({ type: 'EditTrackedBank', userId: owner, changes: { details, financials: { assets: 1_250_000_000, roa: 1.1, roe: null }, notes: 'Met at the ABA conference', tags: [], isTarget: true, linkedinCompanyUrl: null }, at })
      .then([]);
  });

  it('refreshes the financial snapshot and sets or clears the LinkedIn company page', () => {
    spec
      .given([tracked])
      .when({ type: 'RefreshBankSnapshot', userId: owner, details: {}, financials: { thirtyNinetyPD: 2_000_000, roa: 1.1 } })
      .then([{ type: 'BankSnapshotRefreshed', data: { details: {}, financials: { thirtyNinetyPD: 2_000_000 } } }]);
    const url = 'https://www.linkedin.com/company/example';
    spec.given([tracked]).when({ type: 'SetLinkedinCompanyUrl', userId: owner, linkedinCompanyUrl: url }).then([{ type: 'BankLinkedinCompanyUrlChanged', data: { linkedinCompanyUrl: url } }]);
    spec
      .given([tracked, { type: 'BankLinkedinCompanyUrlChanged', data: { linkedinCompanyUrl: url } }])
      .when({ type: 'SetLinkedinCompanyUrl', userId: owner, linkedinCompanyUrl: null })
      .then([{ type: 'BankLinkedinCompanyUrlChanged', data: { linkedinCompanyUrl: null } }]);
  });

  it('stops tracking a bank; afterwards it is not found', () => {
    spec.given([tracked]).when({ type: 'UntrackBank', userId: owner }).then([untracked]);
    spec.given([tracked, untracked]).when({ type: 'UpdateBankTags', userId: owner, tags: ['x'] }).thenThrows(/Tracked bank not found/, NotFound);
  });

  it("treats another user's tracked bank as not found", () => {
    spec.given([tracked]).when({ type: 'UpdateBankTags', userId: stranger, tags: ['x'] }).thenThrows(/Tracked bank not found/, NotFound);
    spec.given([tracked]).when({ ...track, userId: stranger }).thenThrows(/Tracked bank not found/, NotFound);
  });
  describe('quarter alerts', () => {
    const alert = {
      quarter: '20251231',
      previousQuarter: '20250930',
      raisedAt: at,
      crossings: [{ ratio: 'roa' as const, label: 'ROA', previous: 1.3, current: 0.6, from: 'green' as const, to: 'yellow' as const, direction: 'worsened' as const }],
    };
    const raised: TargetEvent = { type: 'RatioAlertRaised', data: alert };

    it('raises an alert on a target', () => {
      spec.given([tracked]).when({ type: 'RaiseRatioAlert', alert }).then([raised]);
    });

    it('raises one alert per quarter, and none for an older quarter', () => {
      spec.given([tracked, raised]).when({ type: 'RaiseRatioAlert', alert }).then([]);
      spec.given([tracked, raised]).when({ type: 'RaiseRatioAlert', alert: { ...alert, quarter: '20250930', previousQuarter: '20250630' } }).then([]);
    });

    it('raises nothing for a bank no longer a target or no longer tracked', () => {
      spec.given([tracked, untargeted]).when({ type: 'RaiseRatioAlert', alert }).then([]);
      spec.given([tracked, untracked]).when({ type: 'RaiseRatioAlert', alert }).then([]);
    });

    it('dismissing takes the alert off once; a re-added bank shows no old alert', () => {
      spec.given([tracked, raised]).when({ type: 'DismissRatioAlert', userId: owner }).then([{ type: 'RatioAlertDismissed', data: { quarter: '20251231' } }]);
      spec.given([tracked, raised, { type: 'RatioAlertDismissed', data: { quarter: '20251231' } }]).when({ type: 'DismissRatioAlert', userId: owner }).then([]);
      spec.given([tracked, raised, untracked, tracked]).when({ type: 'DismissRatioAlert', userId: owner }).then([]);
    });

    it('a stranger cannot dismiss an alert', () => {
      spec.given([tracked, raised]).when({ type: 'DismissRatioAlert', userId: stranger }).thenThrows(/Tracked bank not found/, NotFound);
    });
  });
});
