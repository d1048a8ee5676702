import { expect } from 'chai';
import { apiOf, screenshotInBothSchemes, screenshotInBothThemes, trackLargestBank, useE2E } from './support/index.ts';

/** A deletion undone: from the notice right after it, or later from the Activity row of the deleted record. */
describe('restoring a deleted record', function () {
  const e2e = useE2E({ banks: 20 });

  it('brings a contact deleted from the Records list back with its fields when Undo is pressed on the notice', async () => {
    const session = await e2e.registerUser('Rowan Ashby');
    const as = apiOf(e2e.url, session);
    const bank = await trackLargestBank(e2e.url, session);
    await as('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Dana Whitlock', title: 'Chief Credit Officer', email: 'dana@whitlock.example', tags: ['CRE'] } });
    const { page } = await e2e.openSignedInPage({ session, path: '/contacts' });
    const row = page.locator('tbody tr', { hasText: 'Dana Whitlock' });
    await row.getByRole('checkbox', { name: 'Select this row' }).check();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    const notice = page.locator('.MuiSnackbar-root', { hasText: 'Contact deleted.' });
    await notice.getByRole('button', { name: 'Undo' }).waitFor();
    await row.waitFor({ state: 'detached' });
    // By the system's scheme: a click on the theme button would close the notice, as any click away does.
    await screenshotInBothSchemes(page, 'record-restore-undo-notice');

    await notice.getByRole('button', { name: 'Undo' }).click();
    await page.locator('.MuiSnackbar-root', { hasText: 'Restored.' }).waitFor();
    await row.waitFor();
    for (const text of ['Chief Credit Officer', 'dana@whitlock.example']) await row.getByText(text).waitFor();
    const [contact] = await as<Array<Record<string, unknown>>>('/api/data/contacts');
    expect(contact).to.deep.include({ name: 'Dana Whitlock', title: 'Chief Credit Officer', email: 'dana@whitlock.example', bankId: bank.cert, tags: ['CRE'] });
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('says how many came back when Undo after deleting several contacts cannot bring one back, and why', async () => {
    const session = await e2e.registerUser('Harper Quill');
    const as = apiOf(e2e.url, session);
    const bank = await trackLargestBank(e2e.url, session);
    for (const [name, email] of [['Ada Ferris', 'ada@ferris.example'], ['Ben Ostrow', 'ben@ostrow.example'], ['Cal Pryor', 'cal@pryor.example']]) {
      await as('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name, title: 'Treasurer', email } });
    }
    const { page } = await e2e.openSignedInPage({ session, path: '/contacts' });
    await page.locator('tbody tr', { hasText: 'Ada Ferris' }).waitFor();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    const notice = page.locator('.MuiSnackbar-root', { hasText: '3 contacts deleted.' });
    await notice.getByRole('button', { name: 'Undo' }).waitFor();
    // Meanwhile, in another tab: Ada's address is given to a new contact of the same bank.
    await as('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Ada Newman', title: 'Treasurer', email: 'ada@ferris.example' } });

    await notice.getByRole('button', { name: 'Undo' }).click();
    await page.locator('.MuiSnackbar-root', { hasText: /^2 of 3 restored\. Ada Newman at this bank already has the address ada@ferris\.example/ }).waitFor();
    for (const name of ['Ben Ostrow', 'Cal Pryor', 'Ada Newman']) await page.locator('tbody tr', { hasText: name }).waitFor();
    expect((await as<Array<{ name: string }>>('/api/data/contacts')).map((contact) => contact.name).sort()).to.deep.equal(['Ada Newman', 'Ben Ostrow', 'Cal Pryor']);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it("offers Undo after a task is deleted from its edit screen, and brings it back", async () => {
    const session = await e2e.registerUser('Quinn Harlow');
    const as = apiOf(e2e.url, session);
    const bank = await trackLargestBank(e2e.url, session);
    const task = await as<{ id: string }>('/api/data/tasks', { method: 'POST', body: { bankId: bank.cert, text: 'Review the credit memo', dueDate: '2026-12-14' } });
    const { page } = await e2e.openSignedInPage({ session, path: `/tasks/${task.id}` });
    await page.getByRole('toolbar').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    const notice = page.locator('.MuiSnackbar-root', { hasText: 'deleted' });
    await notice.getByRole('button', { name: 'Undo' }).waitFor();
    await page.waitForURL(/#\/tasks$/);
    expect(await as<unknown[]>('/api/data/tasks')).to.deep.equal([]);

    await notice.getByRole('button', { name: 'Undo' }).click();
    await page.locator('.MuiSnackbar-root', { hasText: 'Restored.' }).waitFor();
    await page.locator('tbody tr', { hasText: 'Review the credit memo' }).waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('restores a deleted task from its Activity row, which then names it again', async () => {
    const session = await e2e.registerUser('Sasha Brant');
    const as = apiOf(e2e.url, session);
    const bank = await trackLargestBank(e2e.url, session);
    const task = await as<{ id: string }>('/api/data/tasks', { method: 'POST', body: { bankId: bank.cert, text: 'Send the term sheet', dueDate: '2026-12-14' } });
    await as(`/api/data/tasks/${task.id}`, { method: 'DELETE' });
    const { page } = await e2e.openSignedInPage({ session, path: '/activity' });
    const created = page.locator('tr', { hasText: 'Created task "Send the term sheet"' });
    await created.getByText('Task, deleted').waitFor();
    await screenshotInBothThemes(page, 'record-restore-activity');

    await created.getByRole('button', { name: 'Restore task' }).click();
    await page.locator('.MuiSnackbar-root', { hasText: 'Restored.' }).waitFor();
    await created.getByRole('link', { name: 'Send the term sheet' }).waitFor();
    expect(await created.getByRole('button', { name: 'Restore task' }).count(), 'a restored record offers no Restore').to.equal(0);
    await page.locator('tr', { hasText: 'Restored task "Send the term sheet"' }).waitFor();
    expect((await as<Array<{ id: string }>>('/api/data/tasks')).map((restored) => restored.id)).to.deep.equal([task.id]);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it("shows a deleted task's address as deleted, with its History, and Restore brings the task back there", async () => {
    const session = await e2e.registerUser('Morgan Tell');
    const as = apiOf(e2e.url, session);
    const bank = await trackLargestBank(e2e.url, session);
    const task = await as<{ id: string }>('/api/data/tasks', { method: 'POST', body: { bankId: bank.cert, text: 'Call the treasurer', dueDate: '2026-12-14' } });
    await as(`/api/data/tasks/${task.id}`, { method: 'DELETE' });
    const { page } = await e2e.openSignedInPage({ session, path: `/tasks/${task.id}/show` });
    await page.getByText(/^This task was deleted on \w{3} \d{1,2}, \d{4}\.$/).waitFor();
    await page.getByTestId('record-history').getByText('Deleted task', { exact: true }).waitFor();
    expect(page.url(), 'the page stays at the address').to.match(new RegExp(`#/tasks/${task.id}/show$`));
    await screenshotInBothThemes(page, 'record-restore-deleted-page');

    await page.getByRole('button', { name: 'Restore' }).click();
    await page.locator('.MuiSnackbar-root', { hasText: 'Restored.' }).waitFor();
    await page.getByText('Call the treasurer').first().waitFor();
    await page.getByRole('tab', { name: 'Details' }).waitFor();
    expect(await page.getByText('This task was deleted').count()).to.equal(0);
    expect((await as<Array<{ id: string }>>('/api/data/tasks')).map((restored) => restored.id)).to.deep.equal([task.id]);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it("says not found for another user's deleted task, and for a task that never was, revealing nothing", async () => {
    const owner = await e2e.registerUser('Avery Lund');
    const bank = await trackLargestBank(e2e.url, owner);
    const task = await apiOf(e2e.url, owner)<{ id: string }>('/api/data/tasks', { method: 'POST', body: { bankId: bank.cert, text: 'Private plan', dueDate: '2026-12-14' } });
    await apiOf(e2e.url, owner)(`/api/data/tasks/${task.id}`, { method: 'DELETE' });
    const session = await e2e.registerUser('Blake Orr');
    for (const id of [task.id, '00000000-0000-4000-8000-000000000000']) {
      const { page } = await e2e.openSignedInPage({ session, path: `/tasks/${id}` });
      await page.locator('.MuiSnackbar-root', { hasText: 'This task was not found: it may have been deleted.' }).waitFor();
      await page.waitForURL(/#\/tasks$/);
      expect(await page.getByText('Private plan').count()).to.equal(0);
      await page.close();
    }
  });
});
