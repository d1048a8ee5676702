import { expect } from 'chai';
import { apiAs, screenshot, useE2E } from './support/index.ts';
import { downloadCsv } from './support/downloads.ts';
import { columnTexts } from './support/pages/bank-table.ts';
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

  it('narrows the list by name search and resets to page 1, and clears it from a list that found nothing', async () => {
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
    // The way back: every bank again, the search box emptied.
    await page.getByRole('button', { name: 'Clear the search and filters' }).click();
    await directory.waitForRows();
    expect(await page.getByLabel('Search by name').inputValue()).to.equal('');
    expect(await directory.pageLabel()).to.match(/^Page 1 of /);
  });

  it('filters by regulator and charter', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    const total = Number(/of ([\d,]+) results/.exec(await directory.showing())![1].replace(/,/g, ''));
    await directory.chooseRegulator('OCC');
    const occ = Number(/of ([\d,]+) results/.exec(await directory.showing())![1].replace(/,/g, ''));
    expect(occ).to.be.within(1, total - 1);
    const regulators = await columnTexts(page, directory.rows(), 'Regulator');
    expect(new Set(regulators)).to.deep.equal(new Set(['OCC']));
    await directory.chooseCharter('N Commercial Bank National Charter');
    const national = Number(/of ([\d,]+) results/.exec(await directory.showing())?.[1]?.replace(/,/g, '') ?? '0');
    expect(national).to.be.at.most(occ);
  });

  it('narrows the list to several states and exports every bank it lists, in its order, with the quarter and units', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    const all = await directory.total();
    await directory.chooseStates(['TX', 'OK']);
    const total = await directory.total();
    expect(total).to.be.within(1, all - 1);
    expect(await page.getByTestId('directory-state').textContent()).to.contain('TX, OK');
    await directory.sortBy('ROA %');

    const { fileName, lines } = await downloadCsv(page, 'Export');
    expect(fileName).to.match(/^bank-directory-\d{4}-Q\d\.csv$/);
    expect(lines[0]).to.equal('Cert,Bank,City,State,Quarter,Report date,Assets ($),Deposits ($),Offices,Regulator,Charter class,ROA (%),NPL ratio (%),Net charge-offs ($),1-4 family first liens ($),Auto loans ($),Credit card loans ($)');
    expect(lines).to.have.length(1 + total);
    const rows = lines.slice(1).map((line) => line.split(','));
    // Counted from the end: a bank's name may hold a comma.
    expect(rows.every((row) => ['TX', 'OK'].includes(row.at(-14)!)), lines.join('\n')).to.equal(true);
    const certs = await directory.rows().evaluateAll((shown) => shown.map((row) => row.getAttribute('data-cert')));
    expect(rows.slice(0, certs.length).map((row) => row[0])).to.deep.equal(certs);
  });

  it('keeps the list shown in its address, which opens the same list for a colleague', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    await directory.chooseRegulator('FDIC');
    await directory.sortBy('ROA %');
    await directory.next();
    await page.waitForURL(/page=2/);
    const address = page.url();
    expect(decodeURIComponent(address)).to.match(/#\/bank-directory\?regulator=FDIC&sort=ROA\.DESC&page=2$/);
    const names = await directory.names();

    const { page: colleagues } = await e2e.openSignedInPage({ path: address.slice(address.indexOf('#') + 1) });
    const shared = new DirectoryPage(colleagues);
    await shared.waitForRows();
    expect(await shared.pageLabel()).to.match(/^Page 2 of /);
    expect(await shared.names()).to.deep.equal(names);
    expect(await colleagues.getByTestId('directory-regulator').textContent()).to.contain('FDIC');
  });

  it('opens an address whose page or quarter the data no longer has on the last page and the newest quarter', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory?page=9999&quarter=19990331' });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    const label = await directory.pageLabel();
    const [, current, last] = /^Page (\d+) of (\d+)$/.exec(label)!;
    expect(current).to.equal(last);
    expect(await directory.rows().count()).to.be.greaterThan(0);
    expect(await page.getByText('No banks found matching your criteria for the selected quarter.').count()).to.equal(0);
    expect(await page.getByTestId('directory-quarter').textContent()).to.match(/Q[1-4] \d{4}/);
  });

  it('sorts a column descending on the first click and ascending on the second', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    const roaValues = async () =>
      (await columnTexts(page, directory.rows(), 'ROA %')).filter((text) => text !== 'N/A').map((text) => Number.parseFloat(text));
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
    await card.getByRole('link', { name: 'Details' }).waitFor();
    await card.getByRole('button', { name: 'Contact' }).waitFor();
  });

  it('stars a bank and takes the user to Targets, where that bank is opened', async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    const [name] = await directory.names();
    await directory.star(name);
    await new Shell(page).waitForRoute('/outreach/targets');
    const targets = await apiAs<Array<{ name: string; isTarget: boolean; assets: number }>>(e2e.url, session, `/api/data/banks?filter=${encodeURIComponent('{"isTarget":true}')}`);
    expect(targets.map((bank) => bank.name)).to.deep.equal([name]);
    expect(targets[0].assets).to.be.greaterThan(0);
    // On Targets the user finds the bank they starred opened, ready to work on.
    await page.getByTestId('target-name').filter({ hasText: name }).first().waitFor();
    await page.getByText('1 bank being tracked').waitFor();
    await page.getByRole('button', { name: 'Find Contacts & Execs' }).waitFor();
  });

  it('keeps the search, filter, sort and page after starring a bank on Targets and coming back', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    await directory.search('Bank');
    await directory.chooseRegulator('FDIC');
    await directory.sortBy('ROA %');
    await directory.next();
    const names = await directory.names();
    const showing = await directory.showing();
    await directory.star(names[0]);
    await new Shell(page).waitForRoute('/outreach/targets');
    await page.getByTestId('target-name').filter({ hasText: names[0] }).first().waitFor();

    await page.goBack();
    await new Shell(page).waitForRoute('/bank-directory');
    await directory.waitForRows();
    expect(await page.getByLabel('Search by name').inputValue()).to.equal('Bank');
    expect(await page.getByTestId('directory-regulator').getByRole('combobox').textContent()).to.equal('FDIC');
    expect(await directory.pageLabel()).to.match(/^Page 2 of /);
    expect(await directory.showing()).to.equal(showing);
    expect(await directory.names()).to.deep.equal(names);
  });

  it("opens the contact form for the row's bank from 'Add a contact at <bank>' and saves the contact there", async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    const [name] = await directory.names();
    const cert = Number(await directory.rows().first().getAttribute('data-cert'));
    await page.getByRole('button', { name: `Add a contact at ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Add Contact for ${name}` });
    await dialog.waitFor();
    expect(await page.locator('.MuiDialog-paperFullScreen').count()).to.equal(0);

    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await dialog.getByText('Full name is required.').waitFor();
    await dialog.getByLabel('Full Name').fill('Priya Raman');
    await dialog.getByLabel('Job Title').fill('Chief Credit Officer');
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('priya-at-bank');
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await dialog.getByText('Enter a valid email address, like name@bank.com.').waitFor();
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('priya@example-bank.com');
    await screenshot(page, 'directory-add-contact');
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await page.getByText('Priya Raman added as a contact.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const contacts = await apiAs<Array<{ name: string; bankId: number; bankName: string; email: string }>>(e2e.url, session, `/api/data/contacts?filter=${encodeURIComponent(JSON.stringify({ bankId: cert }))}`);
    expect(contacts.map((contact) => ({ name: contact.name, bankName: contact.bankName, email: contact.email }))).to.deep.equal([
      { name: 'Priya Raman', bankName: name, email: 'priya@example-bank.com' },
    ]);
  });

  for (const width of [1280, 1440, 1920]) {
    it(`shows the needed columns and the actions without sideways scrolling at ${width} px, names whole, clear of the chat button`, async () => {
      const { page } = await e2e.openSignedInPage({ path: '/bank-directory', viewport: { width, height: 900 } });
      const directory = new DirectoryPage(page);
      await directory.waitForRows();
      const table = page.getByTestId('bank-table');
      const overflow = await table.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow, 'sideways scroll of the table').to.be.at.most(0);
      const headers = (await table.locator('thead th').allTextContents()).map((text) => text.trim());
      for (const needed of ['Bank Name', 'Assets', 'Deposits', 'Regulator', 'ROA %', 'NPL %', 'Actions']) expect(headers).to.include(needed);
      if (width >= 1440) for (const wanted of ['Auto Loans', 'Credit Cards']) expect(headers).to.include(wanted);
      if (width >= 1920) expect(headers).to.have.length(13);
      const cut = await directory.rows().getByTestId('bank-name').evaluateAll((names) => names.filter((name) => name.scrollWidth > name.clientWidth).length);
      expect(cut, 'bank names cut short').to.equal(0);
      const chat = await page.getByRole('button', { name: /analyst chat/i }).boundingBox();
      const actions = await table.locator('thead th').last().boundingBox();
      expect(chat && actions, 'chat button and Actions column on screen').to.not.equal(null);
      expect(actions!.x + actions!.width, 'Actions column ends left of the chat button').to.be.at.most(chat!.x);
      await screenshot(page, `directory-${width}`);
    });
  }

  it('lets the user add a column that did not fit, and keeps the choice', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory', viewport: { width: 1280, height: 900 } });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    const headers = () => page.getByTestId('bank-table').locator('thead th').allTextContents();
    expect(await headers()).to.not.include('Net C/O');
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Net C/O' }).click();
    await page.keyboard.press('Escape');
    expect(await headers()).to.include('Net C/O');
    await page.reload();
    await directory.waitForRows();
    expect(await headers()).to.include('Net C/O');
  });

  it('opens in card view on a phone', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory', viewport: { width: 390, height: 844 } });
    await page.getByTestId('directory-card').first().waitFor();
    expect(await page.getByTestId('directory-row').count()).to.equal(0);
    await screenshot(page, 'directory-phone');

    // Scrolled to the end, the last card's actions and the pager are clear of the floating chat button.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const chat = (await page.getByRole('button', { name: 'Open Analyst Chat' }).boundingBox())!;
    const lastCard = page.getByTestId('directory-card').last();
    for (const control of [lastCard.getByRole('button', { name: 'Contact' }), lastCard.getByRole('link', { name: 'Details' }), page.getByRole('button', { name: 'Next' })]) {
      const box = (await control.boundingBox())!;
      const apart = box.y + box.height <= chat.y || box.x + box.width <= chat.x;
      expect(apart, `${await control.textContent()} is clear of the chat button`).to.equal(true);
    }
  });

  it('opens the bank detail when a row is clicked', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    await directory.rows().nth(2).click();
    await page.locator('.MuiDialog-paperFullScreen').waitFor();
  });
});
