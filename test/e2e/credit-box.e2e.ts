import { expect } from 'chai';
import { useE2E } from './support/index.ts';
import { creditBoxFields } from '../../frontend/src/pages/credit-box/fields.ts';
import { CreditBoxPage } from './support/pages/credit-box.ts';

describe('credit box', function () {
  const e2e = useE2E({ banks: 200 });

  it('finds matches 12 a page, ranked by match, and pages through them', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/credit-box' });
    const creditBox = new CreditBoxPage(page);
    await page.getByText('Adjust your criteria and click "Find Matches" to begin.').waitFor();
    expect(await creditBox.heading().textContent()).to.equal('Search Results');

    await creditBox.findMatches();
    const heading = (await creditBox.heading().textContent()) ?? '';
    const total = Number(/^Results \(([\d,]+)\)$/.exec(heading)![1].replace(/,/g, ''));
    expect(total).to.be.greaterThan(12);
    expect(await creditBox.rows().count()).to.equal(12);
    const matches = (await creditBox.rows().locator('td:nth-child(10)').allTextContents()).map((text) => Number.parseInt(text, 10));
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
});
