import { expect } from 'chai';
import { apiAs, screenshot, screenshotInBothThemes, useE2E } from './support/index.ts';
import { creditBoxFields } from '../../domain/bank-fields.ts';
import { downloadCsv } from './support/downloads.ts';
import { columnTexts } from './support/pages/bank-table.ts';
import { CreditBoxPage } from './support/pages/credit-box.ts';
import { Shell } from './support/pages/shell.ts';

describe('credit box', function () {
  const e2e = useE2E({ banks: 200 });

  it('finds matches 12 a page, ranked by match, and pages through them', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/credit-box' });
    const creditBox = new CreditBoxPage(page);
    await page.getByText('Adjust your criteria and click "Find Matches" to begin.').waitFor();
    // The performance sliders start on, at values the search leaves out until they are moved, and each says so.
    expect(await page.getByTestId('filter-not-applied').count()).to.equal(5);
    expect(await creditBox.heading().textContent()).to.equal('Search Results');

    await creditBox.findMatches();
    const heading = (await creditBox.heading().textContent()) ?? '';
    const total = Number(/^Results \(([\d,]+)\)$/.exec(heading)![1].replace(/,/g, ''));
    expect(total).to.be.greaterThan(12);
    expect(await creditBox.rows().count()).to.equal(12);
    expect(await page.getByTestId('bank-table').getByRole('columnheader').nth(1).textContent()).to.equal('Bank');
    const matches = (await columnTexts(page, creditBox.rows(), 'Match')).map((text) => Number.parseInt(text, 10));
    expect(matches).to.deep.equal([...matches].sort((a, b) => b - a));

    const firstPage = await creditBox.names();
    await creditBox.next();
    expect(await creditBox.pageLabel()).to.match(/^Page 2 of /);
    const secondPage = await creditBox.names();
    expect(secondPage.filter((name) => firstPage.includes(name))).to.deep.equal([]);

    // A new search starts again from page 1.
    await creditBox.findMatches();
    expect(await creditBox.pageLabel()).to.match(/^Page 1 of /);
  });

  it('sends a switched-on institutional filter and narrows the results', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/credit-box' });
    const creditBox = new CreditBoxPage(page);
    await creditBox.findMatches();
    const before = Number(/\(([\d,]+)\)/.exec((await creditBox.heading().textContent()) ?? '')![1].replace(/,/g, ''));

    await creditBox.openGroup('Institutional');
    await creditBox.toggleFilter('regulator');
    await creditBox.chooseInFilter('regulator', 'FRS');
    const sent = page.waitForRequest((request) => request.url().includes('/credit-box-search'));
    await creditBox.findMatches();
    expect(JSON.parse((await sent).postData() ?? '{}')).to.deep.include({ page: 1, limit: 12, fields: creditBoxFields });
    expect(JSON.parse((await sent).postData() ?? '{}').criteria).to.deep.equal({ minAssets: 0, maxAssets: 100e9, regulator: 'FRS' });
    const after = Number(/\(([\d,]+)\)/.exec((await creditBox.heading().textContent()) ?? '')![1].replace(/,/g, ''));
    expect(after).to.be.within(1, before - 1);
  });

  it('screens several states at once, says which quarter its figures are from, and exports every match as listed', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/credit-box' });
    const creditBox = new CreditBoxPage(page);
    await creditBox.openGroup('Location');
    await creditBox.toggleFilter('state');
    await creditBox.chooseSeveralInFilter('state', ['TX', 'OK']);
    const sent = page.waitForRequest((request) => request.url().includes('/credit-box-search'));
    await creditBox.findMatches();
    expect(JSON.parse((await sent).postData() ?? '{}').criteria).to.deep.include({ state: 'TX,OK' });
    const total = await creditBox.total();
    expect(total).to.be.greaterThan(0);
    expect(await page.getByTestId('credit-box-quarter').textContent()).to.match(/^Figures from the Q\d \d{4} reports, as of [A-Z][a-z]{2} \d{1,2}, \d{4}\. Amounts in US dollars; ratios in percent\.$/);

    const { fileName, lines } = await downloadCsv(page, 'Export');
    expect(fileName).to.match(/^credit-box-matches-\d{4}-Q\d\.csv$/);
    expect(lines[0]).to.equal('Cert,Bank,City,State,Quarter,Report date,Assets ($),Deposits ($),ROA (%),NPL ratio (%),Tier 1 capital ratio (%),Tier 1 capital ($),Efficiency ratio (%),Match (%)');
    expect(lines).to.have.length(1 + total);
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows.every((row) => row.at(-11) === 'TX' || row.at(-11) === 'OK'), lines.join('\n')).to.equal(true);
    // The file's first rows are the screen's first page, in its order.
    const certs = await creditBox.rows().evaluateAll((shown) => shown.map((row) => row.getAttribute('data-cert')));
    expect(rows.slice(0, certs.length).map((row) => row[0])).to.deep.equal(certs);
  });

  it('says so when nothing matches', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/credit-box' });
    const creditBox = new CreditBoxPage(page);
    // An impossible asset range: at least $10B and at most $10M.
    await creditBox.setSliderToEnd('Min Total Assets', 'End');
    await creditBox.setSliderToEnd('Max Total Assets', 'Home');
    await creditBox.findMatches();
    expect(await creditBox.heading().textContent()).to.equal('Results (0)');
    await page.getByText('No banks found matching your criteria.').waitFor();
  });

  it("puts every slider's thumb where its value reads, also after a reset", async () => {
    const { page } = await e2e.openSignedInPage({ path: '/credit-box' });
    const creditBox = new CreditBoxPage(page);
    /** How far along its rail (0-1) a slider's thumb sits. */
    const thumbShare = async (label: string) =>
      page.getByRole('slider', { name: label }).evaluate((input) => {
        const root = input.closest('.MuiSlider-root')!;
        const rail = root.getBoundingClientRect();
        const thumb = root.querySelector('.MuiSlider-thumb')!.getBoundingClientRect();
        return (thumb.left + thumb.width / 2 - rail.left) / rail.width;
      });
    const reads = (name: string) => page.getByTestId(`filter-${name}`).getByRole('textbox').inputValue();
    /** The thumb glides to a new value (a CSS transition), so its place is read once it has arrived or 2 s have passed. */
    const thumbSettlesNear = async (label: string, expected: number) => {
      const deadline = Date.now() + 2_000;
      let share = await thumbShare(label);
      while (Math.abs(share - expected) > 0.03 && Date.now() < deadline) {
        await page.waitForTimeout(50);
        share = await thumbShare(label);
      }
      expect(share, label).to.be.closeTo(expected, 0.03);
    };

    expect(await reads('maxAssets')).to.equal('$100.00B');
    await thumbSettlesNear('Max Total Assets', 2 / 3);
    await thumbSettlesNear('Min Total Assets', 0);
    // Linear sliders: the thumb sits at (value - min) / (max - min).
    await thumbSettlesNear('Max NPL Ratio', 3 / 10);
    await thumbSettlesNear('Min ROA', 2.5 / 5);
    await screenshot(page, 'credit-box-sliders');

    await creditBox.setSliderToEnd('Max Total Assets', 'Home');
    expect(await reads('maxAssets')).to.equal('$10.00M');
    await thumbSettlesNear('Max Total Assets', 0);
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    expect(await reads('maxAssets')).to.equal('$100.00B');
    await thumbSettlesNear('Max Total Assets', 2 / 3);
  });

  it('moves the max assets slider up with the arrow keys from a round value such as $100B', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/credit-box' });
    const reads = () => page.getByRole('textbox', { name: 'Max Total Assets value' }).inputValue();
    const slider = page.getByRole('slider', { name: 'Max Total Assets' });
    await slider.focus();
    await slider.press('ArrowRight');
    expect(await reads()).to.equal('$110.00B');
    await slider.press('Home');
    await slider.press('ArrowRight');
    expect(await reads()).to.equal('$11.00M');
    await slider.press('ArrowRight');
    expect(await reads()).to.equal('$12.00M');
  });

  it('keeps the filters, results and page after starring a bank on Targets and coming back', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/credit-box' });
    const creditBox = new CreditBoxPage(page);
    await creditBox.openGroup('Institutional');
    await creditBox.toggleFilter('regulator');
    await creditBox.chooseInFilter('regulator', 'FDIC');
    await creditBox.toggleFilter('maxNplRatio');
    await creditBox.findMatches();
    await creditBox.next();
    const heading = await creditBox.heading().textContent();
    const names = await creditBox.names();
    await page.getByRole('button', { name: `Add ${names[0]} to targets` }).first().click();
    await new Shell(page).waitForRoute('/outreach/targets');
    await page.getByTestId('target-name').filter({ hasText: names[0] }).first().waitFor();

    await page.goBack();
    await new Shell(page).waitForRoute('/credit-box');
    await creditBox.rows().first().waitFor();
    expect(await creditBox.heading().textContent()).to.equal(heading);
    expect(await creditBox.pageLabel()).to.match(/^Page 2 of /);
    expect(await creditBox.names()).to.deep.equal(names);
    expect(await page.getByTestId('filter-regulator').getByRole('combobox').textContent()).to.equal('FDIC');
    expect(await page.getByTestId('filter-maxNplRatio').getByRole('switch').isChecked()).to.equal(false);
  });

  it('stars a result and takes the user to Targets, where that bank is opened', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/credit-box' });
    const creditBox = new CreditBoxPage(page);
    await creditBox.findMatches();
    const [name] = await creditBox.names();
    await page.getByRole('button', { name: `Add ${name} to targets` }).first().click();
    await new Shell(page).waitForRoute('/outreach/targets');
    await page.getByTestId('target-name').filter({ hasText: name }).first().waitFor();
    await page.getByRole('button', { name: 'Find Contacts & Execs' }).waitFor();
  });

  it('makes the banks picked on several pages targets together, staying on the results', async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/credit-box' });
    const creditBox = new CreditBoxPage(page);
    await creditBox.findMatches();
    const firstPage = await creditBox.names();
    await page.getByRole('checkbox', { name: `Pick ${firstPage[1]}` }).check();
    await page.getByRole('checkbox', { name: `Pick ${firstPage[2]}` }).check();
    await creditBox.next();
    const [onSecondPage] = await creditBox.names();
    await page.getByRole('checkbox', { name: `Pick ${onSecondPage}` }).check();
    expect(await page.getByTestId('picked-banks').textContent()).to.contain('3 banks picked, on this page and others.');

    await page.getByRole('button', { name: 'Add to targets' }).click();
    await page.getByText('Added 3 banks to targets.').waitFor();
    await page.getByTestId('picked-banks').waitFor({ state: 'detached' });
    expect(await creditBox.pageLabel()).to.match(/^Page 2 of /);
    await page.getByRole('button', { name: `Remove ${onSecondPage} from targets` }).first().waitFor();
    const targets = await apiAs<Array<{ name: string; isTarget: boolean }>>(e2e.url, session, '/api/data/banks?filter=%7B%22isTarget%22%3Atrue%7D');
    expect(targets.map((bank) => bank.name).sort()).to.deep.equal([firstPage[1], firstPage[2], onSecondPage].sort());
  });

  it('keeps the search shown in its address, which opens the same results for a colleague', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/credit-box' });
    const creditBox = new CreditBoxPage(page);
    await creditBox.openGroup('Location');
    await creditBox.toggleFilter('region');
    await creditBox.chooseInFilter('region', 'South');
    await creditBox.findMatches();
    await creditBox.next();
    await page.waitForURL(/page=2/);
    const address = page.url();
    expect(decodeURIComponent(address)).to.match(/#\/credit-box\?minAssets=0&maxAssets=100000000000&region=South&page=2$/);
    const names = await creditBox.names();

    const { page: colleagues } = await e2e.openSignedInPage({ path: address.slice(address.indexOf('#') + 1) });
    const shared = new CreditBoxPage(colleagues);
    await shared.rows().first().waitFor();
    expect(await shared.pageLabel()).to.match(/^Page 2 of /);
    expect(await shared.names()).to.deep.equal(names);
    await shared.openGroup('Location');
    expect(await colleagues.getByTestId('filter-region').getByRole('combobox').textContent()).to.equal('South');
  });

  it('takes a value typed beside a slider, refuses one out of range saying why, and keeps the search in the address', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/credit-box' });
    const creditBox = new CreditBoxPage(page);
    const minAssets = page.getByRole('textbox', { name: 'Min Total Assets value' });
    const thumb = page.getByRole('slider', { name: 'Min Total Assets' });

    // From the keyboard: Tab from the slider to the field beside it, and a value typed over the one shown.
    await thumb.focus();
    await page.keyboard.press('Tab');
    expect(await minAssets.evaluate((input) => input === document.activeElement)).to.equal(true);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('250M');
    expect(await thumb.getAttribute('aria-valuetext')).to.equal('$250.00M');
    await page.keyboard.press('Tab');
    expect(await minAssets.inputValue()).to.equal('$250.00M');

    // Out of range: refused, the filter keeping its value, the message tied to the field.
    await minAssets.fill('20B');
    const refusal = page.getByTestId('filter-minAssets').getByRole('alert');
    expect(await refusal.textContent()).to.equal('Type a value from $0.00 to $10.00B.');
    expect(await minAssets.getAttribute('aria-invalid')).to.equal('true');
    expect(await minAssets.getAttribute('aria-describedby')).to.equal(await refusal.getAttribute('id'));
    expect(await thumb.getAttribute('aria-valuetext')).to.equal('$250.00M');
    await page.getByTestId('filter-minAssets').scrollIntoViewIfNeeded();
    await screenshot(page, 'credit-box-typed-value-refused');
    await minAssets.fill('1.5B');
    await refusal.waitFor({ state: 'detached' });

    await page.getByRole('textbox', { name: 'Min ROA value' }).fill('1.25%');
    await creditBox.findMatches();
    await page.waitForURL(/minAssets=1500000000/);
    expect(decodeURIComponent(page.url())).to.match(/#\/credit-box\?minAssets=1500000000&maxAssets=100000000000&minRoa=1\.25$/);
    await page.reload();
    expect(await page.getByRole('textbox', { name: 'Min Total Assets value' }).inputValue()).to.equal('$1.50B');
    expect(await page.getByRole('textbox', { name: 'Min ROA value' }).inputValue()).to.equal('1.25%');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('says how many results meet every scored criterion, the rest being ranked below them', async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/credit-box' });
    const creditBox = new CreditBoxPage(page);
    await creditBox.findMatches();
    expect(await page.getByTestId('credit-box-match-summary').count()).to.equal(0);

    const roa = page.getByRole('slider', { name: 'Min ROA' });
    await roa.focus();
    for (let step = 0; step < 7; step += 1) await roa.press('ArrowRight');
    await creditBox.findMatches();
    const total = await creditBox.total();
    const { fullMatches } = await apiAs<{ fullMatches: number }>(e2e.url, session, '/api/data/banks/credit-box-search', { method: 'POST', body: { criteria: { minAssets: 0, maxAssets: 100e9, minRoa: 1.2 } } });
    expect(fullMatches).to.be.within(1, total - 1);
    expect(await page.getByTestId('credit-box-match-summary').textContent()).to.equal(
      `${fullMatches.toLocaleString('en-US')} of them meet every criterion; the other ${(total - fullMatches).toLocaleString('en-US')} meet some and are ranked below by match.`,
    );
  });

  it('screens for banks growing their deposits year over year, ranking those that grew enough first, and keeps it in the address', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/credit-box' });
    const creditBox = new CreditBoxPage(page);
    await creditBox.findMatches();
    const everyBank = await creditBox.total();

    await creditBox.toggleFilter('minDepositGrowth');
    // On at its starting value it narrows the search: growth is a bound at any value, none included.
    expect(await page.getByTestId('filter-minDepositGrowth').getByTestId('filter-not-applied').count()).to.equal(0);
    const field = page.getByRole('textbox', { name: 'Min Deposit Growth (YoY) value' });
    await field.fill('8');
    const sent = page.waitForRequest((request) => request.url().includes('/credit-box-search'));
    await creditBox.findMatches();
    expect(JSON.parse((await sent).postData() ?? '{}').criteria).to.deep.equal({ minAssets: 0, maxAssets: 100e9, minDepositGrowth: 8 });
    expect(new URL(page.url()).hash).to.contain('minDepositGrowth=8');

    const knex = e2e.server.db.knex;
    const [latest] = (await knex('fdic_financials').max('repdte as repdte')).map((row) => String(row.repdte));
    const yearEarlier = `${Number(latest.slice(0, 4)) - 1}${latest.slice(4)}`;
    const grew = await knex('fdic_financials as f')
      .join('fdic_institutions as i', 'i.cert', 'f.cert')
      .join('fdic_financials as p', (join) => join.on('p.cert', '=', 'f.cert').andOn('p.repdte', '=', knex.raw('?', [yearEarlier])))
      .where({ 'f.repdte': latest, 'i.active': true })
      .whereRaw('p.deposits > 0 and (f.deposits - p.deposits) * 100 / p.deposits >= 8')
      .count({ n: '*' })
      .first();
    const fullMatches = Number(grew!.n);
    expect(fullMatches).to.be.within(1, everyBank - 1);
    // A scored criterion: every bank is still listed, those that grew enough first.
    expect(await creditBox.total()).to.equal(everyBank);
    expect(await page.getByTestId('credit-box-match-summary').textContent()).to.match(new RegExp(`^${fullMatches.toLocaleString('en-US')} of them meet`));
    await screenshotInBothThemes(page, 'credit-box-deposit-growth');

    await page.reload();
    await creditBox.settle();
    expect(await page.getByRole('textbox', { name: 'Min Deposit Growth (YoY) value' }).inputValue()).to.equal('8%');
    expect(await page.getByTestId('filter-minDepositGrowth').getByRole('switch').isChecked()).to.equal(true);
  });
});
