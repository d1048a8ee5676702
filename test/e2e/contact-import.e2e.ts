import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { apiAs, screenshot, trackLargestBank, useE2E } from './support/index.ts';

/** Contact files as CRMs and spreadsheets export them, imported through the Contacts list's Import dialog. */
describe('contact import of CRM exports', function () {
  const e2e = useE2E({ banks: 20 });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-e2e-import-'));

  async function chooseFile(page: Page, name: string, bytes: Buffer) {
    const file = path.join(folder, name);
    fs.writeFileSync(file, bytes);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog');
    // The file picker offers Excel's Unicode Text (.txt) and tab-separated files, which are read too.
    expect(await dialog.getByLabel('CSV file').getAttribute('accept')).to.equal('.csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain');
    await dialog.getByLabel('CSV file').setInputFiles(file);
    return dialog;
  }

  it('imports a HubSpot export: first and last names joined, its headers guessed, empty rows passed over, a duplicate in other case skipped, nothing twice', async () => {
    const session = await e2e.registerUser('Dana Whitfield');
    const bank = await trackLargestBank(e2e.url, session);
    // As HubSpot writes it and Excel saves it again: UTF-8 with a byte order mark, CRLF, trailing empty columns and formatted empty rows at the end.
    const company = `"${bank.name.toUpperCase()}, N.A."`;
    const lines = [
      'Record ID,First Name,Last Name,Email,Job Title,Company Name,LinkedIn Profile URL,Notes,,',
      `101,Jane,Doe,Jane.Doe@Alpha.example,CFO,${company},linkedin.com/in/janedoe,"Met at ""ABA"" conference\r\nfollow up in May",,`,
      `102,José,Núñez,jose@alpha.example,"VP, Treasury",${company},,,,`,
      ',,,,,,,,,',
      '',
      `103,Raj,Patel,raj@alpha.example,,${company},,,,`,
      `104,Jane,Doe,jane.doe@alpha.example,CFO,${company},,,,`,
      ',,,,,,,,,',
      ',,,,,,,,,',
    ];
    const file = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
    const { page } = await e2e.openSignedInPage({ session, path: '/contacts' });

    let dialog = await chooseFile(page, 'hubspot-export.csv', file);
    await dialog.getByTestId('import-preview').getByText('Jane.Doe@Alpha.example', { exact: true }).waitFor();
    expect(await dialog.getByText('hubspot-export.csv: 4 rows, 10 columns.').count()).to.equal(1);
    for (const [label, column] of [
      ['First name', 'First Name'],
      ['Last name', 'Last Name'],
      ['Job title', 'Job Title'],
      ['Bank name', 'Company Name'],
      ['LinkedIn URL', 'LinkedIn Profile URL'],
    ]) {
      expect(await dialog.getByRole('combobox', { name: label }).innerText(), label).to.equal(column);
    }
    await screenshot(page, 'contact-import-crm-mapping');
    await dialog.getByRole('button', { name: 'Check rows' }).click();
    let dryRun = dialog.getByTestId('import-dry-run');
    await dryRun.getByText('2 of 4 rows will be imported. 1 duplicate will be skipped. 1 row has problems.').waitFor();
    // Raj Patel is on row 6 of the spreadsheet: the blank rows above him count, the two lines of Jane's notes do not.
    expect(await dryRun.getByTestId('import-errors').locator('tbody tr').allInnerTexts()).to.deep.equal(['6\tJob title\tJob title is required.']);
    await screenshot(page, 'contact-import-crm-check');
    await dryRun.getByRole('button', { name: 'Import 2 valid rows, skip the rest' }).click();
    await page.getByText('Imported 2 contacts (1 duplicate skipped, 1 invalid row skipped).').waitFor();

    const imported = await apiAs<Array<{ name: string; title: string; email: string; bankId: number; bankName: string; linkedinUrl: string | null }>>(e2e.url, session, '/api/data/contacts?sort=["name","ASC"]');
    expect(imported.map(({ name, title, email, bankId, bankName, linkedinUrl }) => ({ name, title, email, bankId, bankName, linkedinUrl }))).to.deep.equal([
      { name: 'Jane Doe', title: 'CFO', email: 'Jane.Doe@Alpha.example', bankId: bank.cert, bankName: bank.name, linkedinUrl: 'https://linkedin.com/in/janedoe' },
      { name: 'José Núñez', title: 'VP, Treasury', email: 'jose@alpha.example', bankId: bank.cert, bankName: bank.name, linkedinUrl: null },
    ]);

    // The same file again, in the dark theme (the open dialog hides the theme switch): nothing to add.
    const { page: dark } = await e2e.openSignedInPage({ session, path: '/contacts', colorScheme: 'dark' });
    dialog = await chooseFile(dark, 'hubspot-export.csv', file);
    await dialog.getByTestId('import-preview').getByText('Jane.Doe@Alpha.example', { exact: true }).waitFor();
    await screenshot(dark, 'contact-import-crm-mapping');
    await dialog.getByRole('button', { name: 'Check rows' }).click();
    dryRun = dialog.getByTestId('import-dry-run');
    await dryRun.getByText('0 of 4 rows will be imported. 3 duplicates will be skipped. 1 row has problems.').waitFor();
    await screenshot(dark, 'contact-import-crm-check');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
    expect(e2e.pageErrors(dark)).to.deep.equal([]);
  });

  it('asks before closing once a file is read, and closes at once before one is chosen', async () => {
    const session = await e2e.registerUser('Lee Marsh');
    const bank = await trackLargestBank(e2e.url, session);
    const { page } = await e2e.openSignedInPage({ session, path: '/contacts' });
    const importer = page.getByRole('dialog', { name: 'Import Contacts from CSV' });
    const question = page.getByRole('alertdialog', { name: 'Discard your changes?' });

    // Opened and closed straight away: no question.
    await page.getByRole('button', { name: 'Import' }).click();
    await importer.getByLabel('CSV file').waitFor({ state: 'attached' });
    await page.keyboard.press('Escape');
    await importer.waitFor({ state: 'detached' });
    expect(await question.count()).to.equal(0);

    await chooseFile(page, 'one-contact.csv', Buffer.from(`Full name,Job title,Cert\r\nJane Doe,CFO,${bank.cert}\r\n`));
    await importer.getByTestId('import-preview').getByText('Jane Doe').waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'detached' });
    await importer.getByTestId('import-preview').getByText('Jane Doe').waitFor();
    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Discard' }).click();
    await importer.waitFor({ state: 'detached' });
    // The next opening starts from the file choice again.
    await page.getByRole('button', { name: 'Import' }).click();
    await importer.getByRole('button', { name: 'Choose CSV file' }).waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });
});
