import { expect } from 'chai';
import { useE2E } from './support/index.ts';
import { DirectoryPage } from './support/pages/directory.ts';
import { Shell } from './support/pages/shell.ts';

describe('bank directory', function () {
  const e2e = useE2E({ banks: 180 });

  it('lists 50 banks a page by assets, and pages with the spec labels', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    expect(await directory.rows().count()).to.equal(50);
    expect(await directory.pageLabel()).to.match(/^Page 1 of \d+$/);
    const showing = await directory.showing();
    expect(showing).to.match(/^Showing 1 to 50 of \d+ results$/);
    const firstPage = await directory.names();

    await directory.next();
    expect(await directory.pageLabel()).to.match(/^Page 2 of /);
    expect(await directory.showing()).to.match(/^Showing 51 to 100 of /);
    const secondPage = await directory.names();
    expect(secondPage.filter((name) => firstPage.includes(name))).to.deep.equal([]);
  });

  it('narrows the list by name search and resets to page 1', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    await directory.next();
    const [someName] = await directory.names();
    const word = someName.split(' ')[0];
    await directory.search(word);
    const names = await directory.names();
    expect(names.length).to.be.greaterThan(0);
    for (const name of names) expect(name.toLowerCase()).to.include(word.toLowerCase());
    expect(await directory.pageLabel()).to.match(/^Page 1 of /);

    await directory.search('zzqx no such bank');
    await page.getByText('No banks found matching your criteria for the selected quarter.').waitFor();
  });

  it('filters by regulator and charter', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    const total = Number(/of ([\d,]+) results/.exec(await directory.showing())![1].replace(/,/g, ''));
    await directory.chooseRegulator('OCC');
    const occ = Number(/of ([\d,]+) results/.exec(await directory.showing())![1].replace(/,/g, ''));
    expect(occ).to.be.within(1, total - 1);
    const regulators = await page.getByTestId('directory-row').locator('td:nth-child(6)').allTextContents();
    expect(new Set(regulators)).to.deep.equal(new Set(['OCC']));
    await directory.chooseCharter('N Commercial Bank National Charter');
    const national = Number(/of ([\d,]+) results/.exec(await directory.showing())?.[1]?.replace(/,/g, '') ?? '0');
    expect(national).to.be.at.most(occ);
  });

  it('sorts a column descending on the first click and ascending on the second', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    const roaValues = async () =>
      (await page.getByTestId('directory-row').locator('td:nth-child(7)').allTextContents()).filter((text) => text !== 'N/A').map((text) => Number.parseFloat(text));
    await directory.sortBy('ROA %');
    const descending = await roaValues();
    expect(descending).to.deep.equal([...descending].sort((a, b) => b - a));
    await directory.sortBy('ROA %');
    const ascending = await roaValues();
    expect(ascending).to.deep.equal([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).to.be.below(descending[0]);
  });

  it('shows cards with Details and Contact buttons', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    await directory.switchToCards();
    const card = page.getByTestId('directory-card').first();
    await card.getByRole('button', { name: 'Details' }).waitFor();
    await card.getByRole('button', { name: 'Contact' }).waitFor();
  });

  it('stars a bank, making it a target, then lands on Targets', async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    const [name] = await directory.names();
    await directory.star(name);
    await new Shell(page).waitForRoute('/outreach/targets');
    const response = await fetch(`${e2e.url}/api/data/banks?filter=${encodeURIComponent('{"isTarget":true}')}`, { headers: { authorization: `Bearer ${session.token}` } });
    const targets = (await response.json()) as Array<{ name: string; isTarget: boolean; assets: number }>;
    expect(targets.map((bank) => bank.name)).to.deep.equal([name]);
    expect(targets[0].assets).to.be.greaterThan(0);
  });

  it('opens the bank detail when a row is clicked', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    await directory.rows().nth(2).click();
    await page.locator('.MuiDialog-paperFullScreen').waitFor();
  });
});
