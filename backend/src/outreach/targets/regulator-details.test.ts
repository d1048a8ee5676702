import { expect } from 'chai';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import type { TestApp } from '../../../../test/support/app.ts';
import { withSyncedApp, type SyncedApp } from '../../../../test/support/synced-app.ts';
import type { FdicDouble } from '../../../../test/doubles/fdic-double.ts';
import { fdicTestData } from '../../../../test/doubles/fdic-data.ts';
import { followRegulatorDetails } from './regulator-details.ts';

const data = fdicTestData({ active: 3, quarters: ['20250930'] });
// Test Bank 1 of Springfield, IA (renamed below), Test Bank 2 (left as it is) and a bank the mirror does not hold.
const renamed = 10_000;
const steady = 10_007;
const unmirrored = 99_991;

describeWithDatabase('tracked banks following the regulator details', (context) => {
  let fdic: FdicDouble;
  let app: TestApp;
  let token: string;
  let otherToken: string;
  let runSync: SyncedApp['runSync'];
  withSyncedApp(context, data, 1, (started) => ({ fdic, app, token, otherToken, runSync } = started));

  const track = async (body: Record<string, unknown>, auth = token) => {
    const response = await app.request('/api/data/banks', { method: 'POST', token: auth, body });
    expect(response.status, response.text).to.equal(201);
  };
  const bank = async (cert: number, auth = token) => (await app.request(`/api/data/banks/${cert}`, { token: auth })).body;
  const history = async (cert: number, auth = token) =>
    (await app.request(`/api/data/banks/${cert}/history`, { token: auth })).body as Array<{ type: string; summary: string; source: string }>;

  it("gives every user's tracked bank the regulator's new name, city and website after a sync, and leaves the others alone", async () => {
    await runSync();
    await track({ cert: renamed, name: 'Test Bank 1' });
    await track({ cert: renamed, name: 'Test Bank 1' }, otherToken);
    await track({ cert: steady, name: 'Test Bank 2' });
    await track({ cert: unmirrored, name: 'Old Savings Bank', city: 'Salem' });
    const contact = await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: renamed, name: 'Jane Doe', title: 'CFO' } });
    expect(contact.body.bankName).to.equal('Test Bank 1');

    // The regulator renames and moves the bank. A sync takes a new name from a later day than the
    // one it has (this test's syncs all run on one day), so the mirror is given it as well.
    fdic.set(
      'institutions',
      data.institutions.map((institution) => {
        if (institution.CERT === renamed) return { ...institution, NAME: 'Big Bank, N.A.', CITY: 'Ames', WEBADDR: 'www.bigbank.com' };
        // A website our own rules refuse is not taken.
        if (institution.CERT === steady) return { ...institution, WEBADDR: 'javascript:alert(1)' };
        return institution;
      }),
    );
    await app.services.knex('fdic_institutions').where({ cert: renamed }).update({ name: 'Big Bank, N.A.', city: 'Ames' });
    await runSync();

    for (const auth of [token, otherToken]) {
      expect(await bank(renamed, auth)).to.include({ name: 'Big Bank, N.A.', city: 'Ames', state: 'IA', zip: '50010', website: 'www.bigbank.com' });
      const refreshed = (await history(renamed, auth)).filter((entry) => entry.type === 'BankSnapshotRefreshed');
      expect(refreshed.map(({ summary, source }) => ({ summary, source }))).to.deep.equal([
        { summary: 'Updated details: Name (now "Big Bank, N.A."), City, Website', source: 'import' },
      ]);
    }
    const found = (await app.request(`/api/data/banks?filter=${encodeURIComponent(JSON.stringify({ q: 'Big Bank' }))}`, { token })).body;
    expect(found.map((row: { cert: number }) => row.cert)).to.deep.equal([renamed]);
    expect((await app.request(`/api/data/contacts/${contact.body.id}`, { token })).body.bankName).to.equal('Big Bank, N.A.');

    expect((await history(steady)).map((entry) => entry.type)).to.deep.equal(['BankTracked']);
    expect(await bank(steady)).to.include({ name: 'Test Bank 2', website: null });
    expect(await bank(unmirrored)).to.include({ name: 'Old Savings Bank', city: 'Salem' });
    expect((await history(unmirrored)).map((entry) => entry.type)).to.deep.equal(['BankTracked']);
  });

  it('appends nothing when run again', async () => {
    const before = (await history(renamed)).length;
    expect(await followRegulatorDetails({ knex: app.services.knex, eventStore: app.services.eventStore })).to.deep.equal({ refreshed: 0 });
    await runSync();
    expect(await history(renamed)).to.have.length(before);
  });
});
