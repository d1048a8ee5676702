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
});
