import { expect } from 'chai';
import { raiseQuarterAlerts } from '../../backend/src/outreach/targets/quarter-alerts.ts';
import { apiAs, screenshot, useE2E, type ColorScheme } from './support/index.ts';
import { DashboardPage } from './support/pages/dashboard.ts';
import { TargetsPage } from './support/pages/targets.ts';

/** The report date of the quarter after `repdte` (YYYYMMDD quarter ends). */
function nextQuarter(repdte: string): string {
  const year = Number(repdte.slice(0, 4));
  const month = Number(repdte.slice(4, 6));
  return month === 12 ? `${year + 1}0331` : `${year}${['0630', '0930', '1231'][month / 3 - 1]}`;
}

describe('quarter-change alerts', function () {
  const e2e = useE2E({ banks: 120 });

  it('shows the alert of a newer quarter on the dashboard and as a badge on the target, and dismisses it', async () => {
    const knex = e2e.server.db.knex;
    const latest = ((await knex('fdic_financials').max('repdte as repdte').first()) as { repdte: string }).repdte;
    // Two banks with a green ROA this quarter (1.25 % or more); the newer quarter takes the first to yellow.
    const rows = await knex('fdic_financials').where({ repdte: latest }).where('roa', '>=', 1.3).whereNotNull('npl_ratio').orderBy('cert').limit(2);
    const [falling, steady] = rows as Array<Record<string, unknown> & { cert: number; raw: unknown }>;
    const names = Object.fromEntries(
      (await knex('fdic_institutions').whereIn('cert', [falling.cert, steady.cert]).select('cert', 'name')).map((row: { cert: number; name: string }) => [row.cert, row.name]),
    );
    const session = await e2e.registerUser('Alert Reader');
    for (const cert of [falling.cert, steady.cert]) await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: { cert, name: names[cert] } });

    const quarter = nextQuarter(latest);
    const reportDate = `${quarter.slice(0, 4)}-${quarter.slice(4, 6)}-${quarter.slice(6)}`;
    for (const row of [falling, steady]) {
      await knex('fdic_financials').insert({ ...row, repdte: quarter, report_date: reportDate, raw: JSON.stringify(row.raw), roa: row === falling ? 0.6 : row.roa });
    }
    expect((await raiseQuarterAlerts({ knex, eventStore: e2e.server.running.services.eventStore })).alerts).to.equal(1);

    for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
      const { page } = await e2e.openSignedInPage({ path: '/', session, colorScheme });
      const dashboard = new DashboardPage(page);
      await dashboard.waitUntilLoaded();
      const card = dashboard.card('quarter-alerts');
      await card.getByText(names[falling.cert]).waitFor();
      expect(await card.getByTestId('ratio-crossing').allTextContents()).to.deep.equal([`ROA ${Number(falling.roa).toFixed(2)}% → 0.60%`]);
      expect(await card.textContent()).not.to.include(names[steady.cert]);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'quarter-alerts-dashboard');

      await page.goto(`${e2e.url}/#/outreach/targets`);
      const targets = new TargetsPage(page);
      await targets.waitForCards();
      const badge = targets.card(names[falling.cert]).getByTestId('ratio-alert-badge');
      await badge.waitFor();
      expect(await badge.textContent()).to.match(/^Q\d \d{4}: 1 ratio changed$/);
      expect(await targets.card(names[steady.cert]).getByTestId('ratio-alert-badge').count()).to.equal(0);
      await screenshot(page, 'quarter-alerts-targets');
    }

    const { page } = await e2e.openSignedInPage({ path: '/', session });
    const card = new DashboardPage(page).card('quarter-alerts');
    await card.getByRole('button', { name: `Dismiss the alert of ${names[falling.cert]}` }).click();
    await card.getByText(/^No alerts\./).waitFor();
    const history = await apiAs<Array<{ type: string }>>(e2e.url, session, `/api/data/banks/${falling.cert}/history`);
    expect(history.map((entry) => entry.type)).to.include.members(['RatioAlertRaised', 'RatioAlertDismissed']);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });
});
