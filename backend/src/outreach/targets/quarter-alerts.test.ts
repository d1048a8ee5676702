import { expect } from 'chai';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import type { TestApp } from '../../../../test/support/app.ts';
import { withSyncedApp, type SyncedApp } from '../../../../test/support/synced-app.ts';
import type { FdicDouble } from '../../../../test/doubles/fdic-double.ts';
import { fdicTestData } from '../../../../test/doubles/fdic-data.ts';
import type { FdicRecord } from '../../regulator/clients/fdic.ts';

const older = fdicTestData({ active: 12, quarters: ['20250930', '20250630'] });
// In the test data bank 6 (cert 10035) reports ROA 1.3 % (green) and bank 7 (cert 10042) an NPL ratio of 1.0 % (lime).
const falling = 10_035;
const rising = 10_042;
const steady = 10_049;

/** The next quarter: the same figures, but bank 6's ROA falls to 0.6 % (yellow) and bank 7's NPL ratio rises to 2.4 % (yellow). */
function newerQuarter(): FdicRecord[] {
  const next = fdicTestData({ active: 12, quarters: ['20251231'] }).financials.map((record) => {
    if (record.CERT === falling) return { ...record, ROA: 0.6 };
    if (record.CERT === rising) return { ...record, NCLNLSR: 2.4 };
    return record;
  });
  return [...next, ...older.financials];
}

describeWithDatabase('quarter-change alerts', (context) => {
  let fdic: FdicDouble;
  let app: TestApp;
  let token: string;
  let otherToken: string;
  let runSync: SyncedApp['runSync'];
  withSyncedApp(context, older, 2, (started) => ({ fdic, app, token, otherToken, runSync } = started));

  const track = async (cert: number, auth = token) => {
    const response = await app.request('/api/data/banks', { method: 'POST', token: auth, body: { cert, name: `Bank ${cert}` } });
    expect(response.status).to.equal(201);
  };
  const bank = async (cert: number, auth = token) => (await app.request(`/api/data/banks/${cert}`, { token: auth })).body;
  const alerted = async (auth = token) =>
    (await app.request(`/api/data/banks?filter=${encodeURIComponent(JSON.stringify({ hasRatioAlert: true }))}`, { token: auth })).body.map((row: { cert: number }) => row.cert);

  it('alerts each user on the targets whose ratios changed colour when a sync brings a newer quarter, once', async () => {
    await runSync();
    for (const cert of [falling, rising, steady]) await track(cert);
    // The other user tracked the falling bank, then took it off their targets: no alert for them.
    await track(falling, otherToken);
    expect((await app.request(`/api/data/banks/${falling}`, { method: 'DELETE', token: otherToken })).status).to.equal(200);
    // A sync that brings no newer quarter raises nothing.
    await runSync();
    expect(await alerted()).to.deep.equal([]);

    fdic.set('financials', newerQuarter());
    await runSync();

    expect((await alerted()).sort()).to.deep.equal([falling, rising]);
    expect(await alerted(otherToken)).to.deep.equal([]);
    const fallingAlert = (await bank(falling)).ratioAlert;
    expect(fallingAlert).to.include({ quarter: '20251231', previousQuarter: '20250930' });
    expect(fallingAlert.crossings).to.deep.equal([{ ratio: 'roa', label: 'ROA', previous: 1.3, current: 0.6, from: 'green', to: 'yellow', direction: 'worsened' }]);
    expect((await bank(rising)).ratioAlert.crossings).to.deep.equal([
      { ratio: 'nplRatio', label: 'NPL ratio', previous: 1, current: 2.4, from: 'lime', to: 'yellow', direction: 'worsened' },
    ]);
    expect((await bank(steady)).ratioAlert).to.equal(null);

    const activity = await app.request(`/api/data/activity?filter=${encodeURIComponent(JSON.stringify({ type: 'RatioAlertRaised' }))}`, { token });
    expect(activity.body.map((entry: { recordId: string; summary: string; source: string }) => [entry.recordId, entry.summary, entry.source]).sort()).to.deep.equal([
      [String(falling), 'Quarter alert: Q4 2025 figures: ROA worsened from green to yellow (1.30% → 0.60%)', 'import'],
      [String(rising), 'Quarter alert: Q4 2025 figures: NPL ratio worsened from lime to yellow (1.00% → 2.40%)', 'import'],
    ]);

    // Syncing the same quarter again alerts nobody twice.
    await runSync();
    const history = (await app.request(`/api/data/banks/${falling}/history`, { token })).body;
    expect(history.filter((entry: { type: string }) => entry.type === 'RatioAlertRaised')).to.have.length(1);
  });

  it('dismissing an alert takes the badge off and keeps it in the history; a stranger cannot dismiss it', async () => {
    expect((await app.request(`/api/data/banks/${rising}/ratio-alert`, { method: 'DELETE', token: otherToken })).status).to.equal(404);
    const dismissed = await app.request(`/api/data/banks/${rising}/ratio-alert`, { method: 'DELETE', token });
    expect(dismissed.status).to.equal(200);
    expect(dismissed.body.ratioAlert).to.equal(null);
    expect(await alerted()).to.deep.equal([falling]);
    const history = (await app.request(`/api/data/banks/${rising}/history`, { token })).body;
    expect(history.map((entry: { type: string }) => entry.type)).to.include.members(['RatioAlertRaised', 'RatioAlertDismissed']);
  });

  it('refuses a filter that is not true or false', async () => {
    const response = await app.request(`/api/data/banks?filter=${encodeURIComponent(JSON.stringify({ hasRatioAlert: 'maybe' }))}`, { token });
    expect(response.status).to.equal(400);
  });
});
