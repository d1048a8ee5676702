import fs from 'node:fs';
import { expect } from 'chai';
import { apiOf, screenshot, screenshotInBothThemes, trackLargestBank, useE2E } from './support/index.ts';
import { Shell } from './support/pages/shell.ts';
import { downloadCsv } from './support/downloads.ts';

/**
 * A contact's personal data from its screen: saved whole as a file, or erased. Erased, after the
 * confirmation, the contact reads as 'Erased contact' everywhere the app shows it (its screen, its
 * history, the Contacts list), while its title, bank and the facts of its history stay.
 */
describe("a contact's personal data from its screen: exported or erased", function () {
  const e2e = useE2E({ banks: 30 });

  it('erases the personal data after confirming; history and the Contacts list no longer show the person', async () => {
    const session = await e2e.registerUser('Quinn Mercer');
    const as = apiOf(e2e.url, session);
    const bank = await trackLargestBank(e2e.url, session);
    const person = { name: 'Erin Blakemore', email: 'erin.blakemore@alpha-bank.example', linkedinUrl: 'https://www.linkedin.com/in/erin-blakemore' };
    const erin = await as<{ id: string }>('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, title: 'Treasurer', ...person } });
    await as(`/api/data/contacts/${erin.id}`, { method: 'PUT', body: { ...(await as<Record<string, unknown>>(`/api/data/contacts/${erin.id}`)), email: 'erin@alpha-bank.example' } });
    await as('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Raj Patel', title: 'CEO', email: 'raj@alpha-bank.example' } });
    const personal = [person.name, person.email, 'erin@alpha-bank.example', 'erin-blakemore', 'Erin'];

    const { page } = await e2e.openSignedInPage({ session, path: `/contacts/${erin.id}/show` });
    await page.getByText('erin@alpha-bank.example').waitFor();
    await page.getByRole('button', { name: 'Erase personal data' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Erase ${person.name}?` });
    await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
    await screenshot(page, 'contact-erase-confirm');
    await dialog.getByRole('button', { name: 'Erase for good' }).click();
    await page.getByText('Personal data erased.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The screen reads again: the name is 'Erased contact', the title and bank stay, nothing is left to erase.
    const main = page.getByRole('main');
    await main.getByText('Erased contact').first().waitFor();
    await main.getByText('Treasurer').waitFor();
    await main.getByText(bank.name).first().waitFor();
    expect(await page.getByRole('button', { name: 'Erase personal data' }).count()).to.equal(0);

    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByTestId('record-history');
    await history.locator('[data-event-type="ContactErased"]').waitFor();
    const types = await history.getByTestId('history-entry').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-event-type')));
    expect(types[0]).to.equal('ContactAdded');
    expect(types).to.include('ContactEmailChanged');
    expect(types[types.length - 1]).to.equal('ContactErased');
    expect(await history.locator('[data-event-type="ContactAdded"]').textContent()).to.contain('Erased contact').and.to.contain('Treasurer');
    const historyText = (await history.textContent())!;
    for (const text of personal) expect(historyText).not.to.contain(text);
    await screenshot(page, 'contact-erased-history');
    await new Shell(page).toggleTheme();
    await page.mouse.move(700, 400);
    await screenshot(page, 'contact-erased-history');

    await page.goto(`${e2e.url}/#/contacts`);
    await page.getByRole('cell', { name: 'Raj Patel' }).waitFor();
    const erased = page.locator('tbody tr').filter({ hasText: 'Erased contact' });
    await erased.waitFor();
    expect(await erased.textContent()).to.contain('Treasurer');
    const listText = (await main.textContent())!;
    for (const text of personal) expect(listText).not.to.contain(text);

    // The Activity export names the contact as the screen does, erased: never by the name they had.
    await page.goto(`${e2e.url}/#/activity`);
    await page.locator('tr', { hasText: 'Contact erased' }).first().waitFor();
    const { lines } = await downloadCsv(page, 'Export');
    expect(lines[0]).to.match(/^When \([A-Za-z_]+\/?[A-Za-z_]*\),Record,Name,Record id,Event,What happened,By$/);
    const contactRows = lines.filter((line) => line.includes(`,${erin.id},`));
    expect(contactRows).to.have.length.above(2);
    for (const line of contactRows) expect(line).to.contain(`,Contact,Erased contact,${erin.id},`);
    for (const text of personal) expect(lines.join('\n')).not.to.contain(text);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });
  it("saves everything held on a contact as a file from their screen, for the person's request to see it", async () => {
    const session = await e2e.registerUser('Lena Ortiz');
    const as = apiOf(e2e.url, session);
    const bank = await trackLargestBank(e2e.url, session);
    const mara = await as<{ id: string }>('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Mara Quill', title: 'CFO', email: 'mara.quill@alpha-bank.example' } });
    await as('/api/data/tasks', { method: 'POST', body: { text: 'Send Mara Quill the pricing', dueDate: '2027-02-01', bankId: bank.cert } });

    const { page } = await e2e.openSignedInPage({ session, path: `/contacts/${mara.id}/show` });
    await page.getByText('mara.quill@alpha-bank.example').waitFor();
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export personal data' }).click();
    const download = await saved;
    expect(download.suggestedFilename()).to.match(/^Mara-Quill-personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const held = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(held.contact).to.include({ name: 'Mara Quill', email: 'mara.quill@alpha-bank.example' });
    expect(held.history[0].type).to.equal('ContactAdded');
    expect(held.tasks.map((task: { text: string }) => task.text)).to.deep.equal(['Send Mara Quill the pricing']);
    await page.getByText('Saved the personal data held on Mara Quill.').waitFor();
    await screenshotInBothThemes(page, 'contact-personal-data-exported');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });
  it('says before deleting a contact that deleting keeps their details, and where to erase them instead', async () => {
    const session = await e2e.registerUser('Omar Vell');
    const as = apiOf(e2e.url, session);
    const bank = await trackLargestBank(e2e.url, session);
    const kit = await as<{ id: string }>('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Kit Marlow', title: 'CEO', email: 'kit@alpha-bank.example' } });

    const { page } = await e2e.openSignedInPage({ session, path: `/contacts/${kit.id}` });
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to delete Kit Marlow?').waitFor();
    const keeps = dialog.getByText('Their name and email address stay in the History', { exact: false });
    expect(await keeps.textContent()).to.equal(
      'Their name and email address stay in the History, the emails sent and the reports. If this person asked for their personal data to be removed, use Erase personal data on the contact’s page instead.',
    );
    await screenshot(page, 'contact-delete-question');
    // the dialog hides the page's theme switch: closed, switched, opened again
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await new Shell(page).toggleTheme();
    await page.getByRole('button', { name: 'Delete' }).click();
    await keeps.waitFor();
    await screenshot(page, 'contact-delete-question');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });
  it('says before erasing that an address on the Do Not Contact list stays there, and it does', async () => {
    const session = await e2e.registerUser('Ira Lund');
    const as = apiOf(e2e.url, session);
    const bank = await trackLargestBank(e2e.url, session);
    const noah = await as<{ id: string }>('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Noah Frey', title: 'CFO', email: 'noah.frey@alpha-bank.example' } });
    await as('/api/data/suppressions', { method: 'POST', body: { email: 'noah.frey@alpha-bank.example' } });

    const { page } = await e2e.openSignedInPage({ session, path: `/contacts/${noah.id}/show` });
    await page.getByRole('button', { name: 'Erase personal data' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Erase Noah Frey?' });
    await dialog.getByText('Their address stays on your Do Not Contact list, so that no one writes to them again', { exact: false }).waitFor();
    await screenshot(page, 'contact-erase-confirm-do-not-contact');
    await dialog.getByRole('button', { name: 'Erase for good' }).click();
    await page.getByText('Personal data erased.').waitFor();
    const listed = await as<Array<{ email: string }>>('/api/data/suppressions');
    expect(listed.map((row) => row.email)).to.deep.equal(['noah.frey@alpha-bank.example']);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });
  it('says which ticked contacts were erased when an automation is started for them, and starts the others', async () => {
    const session = await e2e.registerUser('Uri Banks');
    const as = apiOf(e2e.url, session);
    const bank = await trackLargestBank(e2e.url, session);
    const gone = await as<{ id: string }>('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Pia Lorne', title: 'CFO', email: 'pia@alpha-bank.example' } });
    await as('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Teo Marsh', title: 'CEO', email: 'teo@alpha-bank.example' } });
    await as(`/api/data/contacts/${gone.id}/erase`, { method: 'POST' });
    await as('/api/data/workflows', { method: 'POST', body: { name: 'Visit round', steps: [{ day: 2, type: 'LinkedIn Visit' }] } });

    const { page } = await e2e.openSignedInPage({ session, path: '/contacts' });
    for (const name of ['Erased contact', 'Teo Marsh']) await page.getByRole('row', { name: new RegExp(name) }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Start automation' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Workflow' }).click();
    await page.getByRole('option', { name: 'Visit round (1 step)' }).click();
    await dialog.getByRole('button', { name: 'Start Automation' }).click();
    await dialog.getByRole('alert').getByText(`Automation does not go through contacts whose personal data was erased: Erased contact (${bank.name}). Leave them out to start the others.`).waitFor();
    await screenshot(page, 'contacts-start-automation-erased');
    await dialog.getByRole('button', { name: 'Start for the other 1 contact' }).click();
    await page.getByText('Automation started for 1 contact.').waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });
});
