import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Route } from 'playwright-core';
import { formatDate } from '../../domain/format.ts';
import { SmtpSink } from '../doubles/smtp-sink.ts';
import { apiAs, apiOf, holdRequests, screenshot, screenshotInBothSchemes, screenshotInBothThemes, useE2E, type ColorScheme, type Session } from './support/index.ts';
import { SentMailPage } from './support/pages/sent-mail.ts';
import { TargetsPage } from './support/pages/targets.ts';

type Institution = { data: Array<{ data: Record<string, unknown> }> };

/** API keys and the public API, contact import from a CSV file, an edit conflict between two tabs, and a failed email settled from Sent Mailbox. */
describe('outreach records: API keys, CSV import, edit conflicts and failed mail', function () {
  const sink = new SmtpSink();
  before(async () => {
    await sink.start({ refuse: (address) => (address.endsWith('@nowhere.example') ? `550 No such mailbox: ${address}` : undefined) });
  });
  after(async () => {
    await sink.stop();
  });
  const e2e = useE2E({ banks: 30, config: () => ({ smtpUrl: sink.url }) });

  async function userTrackingABank(name: string): Promise<{ session: Session; bank: { cert: number; name: string } }> {
    const session = await e2e.registerUser(name);
    const answer = await apiAs<Institution>(e2e.url, session, '/api/services/fdic/institutions?limit=1&sort_by=ASSET&sort_order=DESC');
    const bank = { cert: Number(answer.data[0].data.CERT), name: String(answer.data[0].data.NAME) };
    await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: { cert: bank.cert, name: bank.name } });
    return { session, bank };
  }

  it('names the record of each Activity row, and says when it was deleted since', async () => {
    const { session, bank } = await userTrackingABank('Quinn Harlow');
    const as = (path: string, method: string, body?: unknown) => apiAs<{ id: string }>(e2e.url, session, path, { method, body });
    await as('/api/data/tasks', 'POST', { bankId: bank.cert, text: 'Send the loan pricing sheet', dueDate: '2026-12-10' });
    const dropped = await as('/api/data/tasks', 'POST', { bankId: bank.cert, text: 'A task made by mistake', dueDate: '2026-12-11' });
    await as(`/api/data/tasks/${dropped.id}`, 'DELETE');
    const { page } = await e2e.openSignedInPage({ session, path: '/activity' });
    await page.locator('tr', { hasText: 'Created task "Send the loan pricing sheet"' }).getByRole('link', { name: 'Send the loan pricing sheet' }).waitFor();
    await page.locator('tr', { hasText: 'Created task "A task made by mistake"' }).getByText('Task, deleted').waitFor();
    expect(await page.locator('tr', { hasText: 'Created task "A task made by mistake"' }).getByRole('link').count()).to.equal(0);
    await page.locator('tr', { hasText: 'to targets' }).getByRole('link', { name: bank.name }).waitFor();
  });

  /** A time zone whose day is not the server's (UTC) day right now (a day ahead from 10:00 UTC, a day behind before 12:00), and its today. */
  function zoneOnAnotherDay(): { timezoneId: string; usersToday: string } {
    const now = new Date();
    const timezoneId = now.getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Etc/GMT+12';
    return { timezoneId, usersToday: new Intl.DateTimeFormat('en-CA', { timeZone: timezoneId }).format(now) };
  }

  it("lists overdue tasks by the user's own calendar day, and every task again once 'Overdue only' is switched off", async () => {
    const { timezoneId, usersToday } = zoneOnAnotherDay();
    const usersYesterday = new Date(Date.parse(`${usersToday}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const { session, bank } = await userTrackingABank('Avery Lund');
    await apiAs(e2e.url, session, '/api/data/tasks', { method: 'POST', body: { bankId: bank.cert, text: 'Call the treasurer today', dueDate: usersToday } });
    await apiAs(e2e.url, session, '/api/data/tasks', { method: 'POST', body: { bankId: bank.cert, text: 'Send the rate sheet promised yesterday', dueDate: usersYesterday } });
    await apiAs(e2e.url, session, '/api/data/tasks', { method: 'POST', body: { bankId: bank.cert, text: 'Chase the proposal of 2020', dueDate: '2020-01-10' } });
    const { page } = await e2e.openSignedInPage({ session, path: '/tasks', timezoneId });
    const today = page.locator('tr', { hasText: 'Call the treasurer today' });
    const yesterday = page.locator('tr', { hasText: 'Send the rate sheet promised yesterday' });
    const longAgo = page.locator('tr', { hasText: 'Chase the proposal of 2020' });
    await today.getByText('Due today').waitFor();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menu').getByText('Overdue only').click();
    await page.getByLabel('Overdue only').check();
    await today.waitFor({ state: 'detached' });
    await yesterday.getByText('Overdue').waitFor();
    await longAgo.waitFor();
    await screenshotInBothThemes(page, 'tasks-overdue-only');
    await page.getByLabel('Overdue only').uncheck();
    await today.waitFor();
    await yesterday.waitFor();
    await longAgo.waitFor();

    // A task is ticked off, and reopened, where it is listed.
    await page.getByRole('checkbox', { name: 'Complete "Chase the proposal of 2020"' }).check();
    // Held (disabled) until the server has answered and the list reloaded.
    await page.getByRole('checkbox', { name: 'Reopen "Chase the proposal of 2020"', disabled: false }).waitFor();
    const tasks = await apiAs<Array<{ text: string; completed: boolean }>>(e2e.url, session, '/api/data/tasks');
    expect(tasks.find((task) => task.text === 'Chase the proposal of 2020')?.completed).to.equal(true);
    expect(page.url(), 'the tick did not open the task').to.match(/#\/tasks(\?|$)/);
    await page.getByRole('checkbox', { name: 'Reopen "Chase the proposal of 2020"' }).uncheck();
    await longAgo.getByText('Overdue').waitFor();

    // Tasks ticked in the list are completed together.
    for (const row of [today, yesterday]) await row.getByRole('checkbox', { name: 'Select this row' }).check();
    await screenshotInBothThemes(page, 'tasks-bulk-actions');
    await page.getByRole('button', { name: 'Mark complete' }).click();
    await page.getByText('2 tasks completed.').waitFor();
    const completed = (await apiAs<Array<{ text: string; completed: boolean }>>(e2e.url, session, '/api/data/tasks')).filter((task) => task.completed).map((task) => task.text);
    expect(completed.sort()).to.deep.equal(['Call the treasurer today', 'Send the rate sheet promised yesterday']);
    await page.getByRole('checkbox', { name: 'Reopen "Call the treasurer today"' }).waitFor();
  });

  it("reads Activity's From and Until as whole days of the user's calendar, and dates a tracked bank on it", async () => {
    const { timezoneId, usersToday } = zoneOnAnotherDay();
    const { session, bank } = await userTrackingABank('Morgan Reyes');
    await apiAs(e2e.url, session, '/api/data/tasks', { method: 'POST', body: { bankId: bank.cert, text: 'Prepare the board memo', dueDate: '2027-01-15' } });
    const { page } = await e2e.openSignedInPage({ session, path: '/activity', timezoneId });
    const created = page.locator('tr', { hasText: 'Created task "Prepare the board memo"' });
    await created.waitFor();
    // react-admin applies a typed filter value half a second later: each bound reaches the list before the next filter is added.
    const listAsked = (...bounds: string[]) =>
      page.waitForResponse((response) => response.url().includes('/api/data/activity?') && bounds.every((bound) => decodeURIComponent(response.url()).includes(`"${bound}"`)));
    const addBound = async (label: string) => {
      await page.getByRole('button', { name: 'Add filter' }).click();
      await page.getByRole('menu').getByText(label, { exact: true }).click();
      await page.getByLabel(label, { exact: true }).fill(usersToday);
    };
    const fromAsked = listAsked('since');
    await addBound('From');
    await fromAsked;
    const bothAsked = listAsked('since', 'until');
    await addBound('Until');
    expect(await (await bothAsked).json()).to.have.length(2);
    await created.waitFor();
    await page.getByText('1-2 of 2').waitFor();
    // The bank was tracked today on the user's calendar, whatever day it is on the server's clock.
    await page.goto(`${e2e.url}/#/outreach/targets`);
    await page.getByText(`Added ${formatDate(usersToday)}`).waitFor();
  });

  it('says under Until when it is before From, and asks for no list of such a range until it is put right', async () => {
    const { session } = await userTrackingABank('Robin Okafor');
    const { page } = await e2e.openSignedInPage({ session, path: '/activity' });
    await page.getByText('1-1 of 1').waitFor();
    const ranges: string[] = [];
    page.on('request', (request) => {
      const filter = new URL(request.url().replace('/#/', '/')).searchParams.get('filter');
      if (request.url().includes('/api/data/activity?') && filter?.includes('until')) ranges.push(filter);
    });
    const addBound = async (label: string, day: string) => {
      await page.getByRole('button', { name: 'Add filter' }).click();
      await page.getByRole('menu').getByText(label, { exact: true }).click();
      await page.getByLabel(label, { exact: true }).fill(day);
    };
    await addBound('From', '2026-12-05');
    await addBound('Until', '2026-12-01');
    const refusal = page.getByText('Until is before From: choose an Until on or after the From.');
    await refusal.waitFor();
    await screenshot(page, 'activity-until-before-from');
    // react-admin applies a filter half a second after it is typed: long enough for one to have been asked.
    await page.waitForTimeout(1_000);
    expect(ranges).to.deep.equal([]);
    const asked = page.waitForResponse((response) => response.url().includes('/api/data/activity?') && decodeURIComponent(response.url()).includes('"until"'));
    await page.getByLabel('From', { exact: true }).fill('2026-11-30');
    await refusal.waitFor({ state: 'detached' });
    expect((await asked).status()).to.equal(200);
  });

  it('exports every row of a long list, past the one page a list serves, and offers every filter of Contacts', async () => {
    const { session, bank } = await userTrackingABank('Sasha Brandt');
    const rows = Array.from({ length: 620 }, (_, index) => `Person ${index},Analyst,p${index}@alpha.example,${bank.cert}`);
    await apiAs(e2e.url, session, '/api/data/contacts/import', { method: 'POST', body: { csv: ['Full name,Job title,Email,Cert', ...rows].join('\n'), mapping: { name: 'Full name', title: 'Job title', email: 'Email', bankId: 'Cert' } } });
    const { page } = await e2e.openSignedInPage({ session, path: '/activity' });
    await page.getByText('1-50 of 621').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const chunks: Buffer[] = [];
    for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
    const lines = Buffer.concat(chunks).toString('utf8').split(/\r?\n/).filter(Boolean);
    expect(lines).to.have.length(1 + 621);

    // Contacts' filters beyond the search and the bank are one click away.
    await page.goto(`${e2e.url}/#/contacts`);
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menu').getByText('Hot leads only').waitFor();
    await page.getByRole('menu').getByText('Email check').waitFor();
  });

  it('waits to export while the list reloads for a new filter, saying so, then exports the new filter\'s rows', async () => {
    const { session, bank } = await userTrackingABank('Imre Halvorsen');
    for (const name of ['Wren Okafor', 'Tomas Lindqvist']) await apiAs(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name, title: 'CFO' } });
    const { page } = await e2e.openSignedInPage({ session, path: '/contacts' });
    await page.getByText('1-2 of 2').waitFor();
    const exportButton = page.getByRole('button', { name: 'Export' });
    expect(await exportButton.isEnabled()).to.equal(true);
    const held = await holdRequests(page, '**/api/data/contacts?*');
    await page.getByPlaceholder('Search name, email, title').fill('Wren');
    // The old rows are still on screen: an export now would not be what the filter shows.
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((button) => button.textContent === 'Export' && button.disabled));
    await exportButton.locator('..').hover();
    await page.getByRole('tooltip', { name: 'Waiting for the list to load' }).waitFor();
    await screenshotInBothSchemes(page, 'records-export-waiting-for-list');
    await held.release();
    await page.getByText('1-1 of 1').waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((button) => button.textContent === 'Export' && !button.disabled));
    const download = page.waitForEvent('download');
    await exportButton.click();
    const chunks: Buffer[] = [];
    for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
    const lines = Buffer.concat(chunks).toString('utf8').split(/\r?\n/).filter(Boolean);
    expect(lines).to.have.length(2);
    expect(lines[1]).to.include('Wren Okafor');
  });

  it('keeps a contact whose name is one 200-letter word, and whose email is 100 letters, within the window: the list on a laptop and a phone, and its page', async () => {
    const { session, bank } = await userTrackingABank('Ngozi Adeyemi');
    const longName = `Maximiliano${'Bartholomew'.repeat(17)}En`;
    const longEmail = `${'a'.repeat(80)}@${'b'.repeat(15)}.com`;
    const contact = await apiAs<{ id: string }>(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: longName, title: 'CFO', email: longEmail } });
    await apiAs(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'عائشة الفاسي', title: 'Head of Retail', email: 'aisha@bank.example' } });
    const { page } = await e2e.openSignedInPage({ session, path: '/contacts', viewport: { width: 1280, height: 800 } });
    await page.getByText('عائشة الفاسي').waitFor();
    const table = await page.locator('table').evaluate((element) => ({ width: element.scrollWidth, room: element.parentElement!.clientWidth }));
    expect(table.width, 'the long name wraps in its column: no other column is pushed out of sight').to.be.at.most(table.room);
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto(`${e2e.url}/#/contacts/${contact.id}/show`);
    await page.getByText(longEmail).waitFor();
    expect(await sideways(), 'its page (title and fields) on a laptop').to.equal(0);
    await screenshotInBothThemes(page, 'contact-long-name-laptop');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await page.getByText(longEmail).waitFor();
    expect(await sideways(), 'its page on a phone').to.equal(0);
    await page.goto(`${e2e.url}/#/contacts`);
    await page.getByText('عائشة الفاسي').waitFor();
    expect(await sideways(), 'the list on a phone').to.equal(0);
    await screenshot(page, 'contacts-long-name-phone');
  });

  it('keeps a template, a workflow and an email named with one 200-letter word within the window: their lists, their pages and Activity', async () => {
    const { session, bank } = await userTrackingABank('Tomasz Wieczorek');
    const longName = `Quarterly${'Refinancing'.repeat(17)}Pl`;
    const as = <T = { id: string }>(path: string, body: unknown) => apiAs<T>(e2e.url, session, path, { method: 'POST', body });
    const template = await as('/api/data/templates', { name: longName, subject: `Re${'financing'.repeat(40)}`, body: 'Hello {{contactFirstName}}' });
    const workflow = await as('/api/data/workflows', { name: longName, steps: [{ day: 1, type: 'Email', templateId: template.id }] });
    await as('/api/services/mailgun/send', { to: 'reader@bank.example', recipientName: longName, subject: `Re${'financing'.repeat(40)}`, body: 'Hello', bankId: bank.cert });
    const { page } = await e2e.openSignedInPage({ session, path: '/activity', viewport: { width: 1280, height: 800 } });
    const tableFits = async (label: string) => {
      const table = await page.locator('table').first().evaluate((element) => ({ width: element.scrollWidth, room: element.parentElement!.clientWidth }));
      expect(table.width, `${label}: the long name wraps in its column, no other column is pushed out of sight`).to.be.at.most(table.room);
    };
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.locator('tr', { hasText: 'Created workflow' }).getByRole('link', { name: longName }).waitFor();
    await tableFits('Activity');
    for (const [list, show] of [['templates', template.id], ['workflows', workflow.id], ['sent-emails', undefined]] as const) {
      await page.goto(`${e2e.url}/#/${list}`);
      await page.locator('tbody tr').first().waitFor();
      await tableFits(list);
      if (!show) continue;
      await page.goto(`${e2e.url}/#/${list}/${show}/show`);
      await page.getByRole('tab', { name: 'Details' }).waitFor();
      expect(await sideways(), `a page of ${list}`).to.equal(0);
    }
  });

  it('keeps every Contacts column in sight on a laptop, stars hot leads, names the record an edit screen changes, and says a tracked bank is only removed from targets', async () => {
    const { session, bank } = await userTrackingABank('Noor Haddad');
    const as = (path: string, method: string, body?: unknown) => apiAs<{ id: string }>(e2e.url, session, path, { method, body });
    const hot = await as('/api/data/contacts', 'POST', { bankId: bank.cert, name: 'Imogen Castellanos-Whitby', title: 'Executive Vice President, Treasury Management', email: 'imogen.castellanos-whitby@treasury-services.example', tags: ['board', 'treasury'] });
    await as(`/api/data/contacts/${hot.id}/hot-lead`, 'PUT', { isHotLead: true });
    await as('/api/data/contacts', 'POST', { bankId: bank.cert, name: 'Theo Marsh', title: 'CFO', email: 'theo@treasury-services.example' });
    const { page } = await e2e.openSignedInPage({ session, path: '/contacts', viewport: { width: 1280, height: 800 } });
    await page.getByText('Theo Marsh').waitFor();
    const table = await page.locator('table').evaluate((element) => ({ width: element.scrollWidth, room: element.parentElement!.clientWidth }));
    expect(table.width, 'the table fits its box: no column is scrolled out of sight').to.be.at.most(table.room);
    const bankLines = await page.getByRole('row', { name: /Theo Marsh/ }).getByText(bank.name, { exact: true }).evaluate((element) => element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight));
    expect(bankLines, "the bank's name takes a few lines, not a word a line").to.be.at.most(3);
    expect(await page.getByRole('row', { name: /Imogen/ }).getByRole('img', { name: 'Hot lead' }).count()).to.equal(1);
    expect(await page.getByRole('row', { name: /Theo Marsh/ }).getByRole('img', { name: 'Hot lead' }).count()).to.equal(0);
    await screenshotInBothThemes(page, 'contacts-list-laptop');

    await page.goto(`${e2e.url}/#/contacts/${hot.id}`);
    await page.getByRole('heading', { name: 'Edit Imogen Castellanos-Whitby' }).waitFor();
    await page.goto(`${e2e.url}/#/banks/${bank.cert}`);
    await page.getByRole('heading', { name: `Edit ${bank.name}` }).waitFor();
    await page.getByRole('button', { name: 'Remove from targets' }).click();
    await page.getByRole('alertdialog').getByText('Its contacts, tasks, notes, tags and history stay; automations to its contacts stop.', { exact: false }).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Removed from targets.', { exact: true }).waitFor();
    const untracked = await apiAs<{ isTarget: boolean }>(e2e.url, session, `/api/data/banks/${bank.cert}`);
    expect(untracked.isTarget).to.equal(false);
    expect(await apiAs<unknown[]>(e2e.url, session, `/api/data/contacts?filter=${encodeURIComponent(JSON.stringify({ bankId: bank.cert }))}`)).to.have.length(2);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('adds a contact from the Contacts screen, names them in the toast and opens their page', async () => {
    const { session, bank } = await userTrackingABank('Ines Vidal');
    const { page } = await e2e.openSignedInPage({ session, path: '/contacts/create' });
    await page.getByRole('heading', { name: 'Add New Contact' }).waitFor();
    await page.getByRole('combobox', { name: 'Bank' }).fill(bank.name.slice(0, 6));
    await page.getByRole('option', { name: bank.name }).click();
    await page.getByLabel('Full Name').fill('Marta Quell');
    await page.getByLabel('Job Title').fill('Chief Credit Officer');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Marta Quell added as a contact.', { exact: true }).waitFor();
    await page.waitForURL(/#\/contacts\/[^/]+\/show/);
    const [contact] = await apiAs<Array<{ name: string; bankId: number }>>(e2e.url, session, '/api/data/contacts');
    expect(contact).to.include({ name: 'Marta Quell', bankId: bank.cert });
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it("warns on a contact's edit page that picking another bank stops their running automations", async () => {
    const { session, bank } = await userTrackingABank('Noor Patel');
    const answer = await apiAs<Institution>(e2e.url, session, '/api/services/fdic/institutions?limit=2&sort_by=ASSET&sort_order=DESC');
    const other = { cert: Number(answer.data[1].data.CERT), name: String(answer.data[1].data.NAME) };
    await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: other });
    const contact = await apiAs<{ id: string }>(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Dana Reyes', title: 'Chief Financial Officer' } });
    for (const name of ['Slow visits', 'Second look']) {
      const workflow = await apiAs<{ id: string }>(e2e.url, session, '/api/data/workflows', { method: 'POST', body: { name, steps: [{ day: 5, type: 'LinkedIn Visit' }] } });
      await apiAs(e2e.url, session, `/api/data/workflows/${workflow.id}/enrolments`, { method: 'POST', body: { contactIds: [contact.id] } });
    }
    const { page } = await e2e.openSignedInPage({ session, path: `/contacts/${contact.id}` });
    const bankField = page.getByRole('combobox', { name: 'Bank' });
    await page.waitForFunction((name) => [...document.querySelectorAll<HTMLInputElement>('form input[role="combobox"]')].some((input) => input.value === name), bank.name);
    const warning = page.getByText("Changing the bank stops this contact's 2 running automations.");
    expect(await warning.count()).to.equal(0);
    await bankField.fill(other.name.slice(0, 6));
    await page.getByRole('option', { name: other.name }).click();
    await warning.waitFor();
    await screenshotInBothThemes(page, 'contact-bank-change-warning');
    // Back at the bank they are at, nothing stops.
    await bankField.fill(bank.name.slice(0, 6));
    await page.getByRole('option', { name: bank.name }).click();
    await warning.waitFor({ state: 'hidden' });
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('keeps every Tasks column in sight when a task holds a long link', async () => {
    const { session, bank } = await userTrackingABank('Sasha Brandt');
    // A shared file's signed link: hundreds of characters with nowhere a line may break.
    const link = `https://files.example.com/deck.pptx?X-Amz-Algorithm=AWS4&X-Amz-Credential=AKIAEXAMPLE%2F20261129&X-Amz-Signature=${'9f86d081884c7d659a2feaa0c55ad015'.repeat(8)}`;
    await apiAs(e2e.url, session, '/api/data/tasks', { method: 'POST', body: { bankId: bank.cert, text: `Send the deck ${link}`, dueDate: '2026-12-10' } });
    const { page } = await e2e.openSignedInPage({ session, path: '/tasks' });
    await page.locator('tr', { hasText: 'Send the deck' }).waitFor();
    for (const column of ['Bank', 'Due', 'Completed', 'Added']) {
      const header = await page.getByRole('columnheader', { name: column }).boundingBox();
      expect(header!.x + header!.width, column).to.be.at.most(1440);
    }
  });

  it('reads the list again after deleting ticked tasks, so the ones left show (not an empty page under a stale total)', async () => {
    const { session, bank } = await userTrackingABank('Robin Vale');
    for (let index = 0; index < 27; index += 1) {
      await apiAs(e2e.url, session, '/api/data/tasks', { method: 'POST', body: { bankId: bank.cert, text: `Call ${String(index).padStart(2, '0')}`, dueDate: '2026-12-10' } });
    }
    const { page } = await e2e.openSignedInPage({ session, path: '/tasks' });
    await page.getByText('1-25 of 27').waitFor();
    await page.getByRole('checkbox', { name: 'Select all' }).first().check();
    await page.getByText('25 tasks selected').waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('1-2 of 2').waitFor();
    // The rows may arrive a render after the total on a busy machine: wait for them, then count.
    await page.locator('tbody tr').nth(1).waitFor();
    expect(await page.locator('tbody tr').count()).to.equal(2);
  });

  it('adds a task from the Tasks screen at the first tracked bank, due a week ahead', async () => {
    const { session, bank } = await userTrackingABank('Oskar Lind');
    const { page } = await e2e.openSignedInPage({ session, path: '/tasks/create' });
    await page.getByRole('heading', { name: 'Add Task' }).waitFor();
    await page.waitForFunction((name) => [...document.querySelectorAll<HTMLInputElement>('form input[role="combobox"]')].some((input) => input.value === name), bank.name);
    await page.getByLabel('Description').fill('Send the rate sheet');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Task added.', { exact: true }).waitFor();
    const [task] = await apiAs<Array<{ text: string; bankId: number; dueDate: string }>>(e2e.url, session, '/api/data/tasks');
    const weekAhead = await page.evaluate(() => {
      const day = new Date();
      day.setDate(day.getDate() + 7);
      return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    });
    expect(task).to.include({ text: 'Send the rate sheet', bankId: bank.cert });
    expect(task.dueDate.slice(0, 10)).to.equal(weekAhead);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('tracks a bank from the Tracked Banks screen, found by name or cert, and offers no bank twice', async () => {
    const session = await e2e.registerUser('Robin Marsh');
    const answer = await apiAs<Institution>(e2e.url, session, '/api/services/fdic/institutions?limit=2&sort_by=ASSET&sort_order=DESC');
    const [largest, second] = answer.data.map((row) => ({ cert: Number(row.data.CERT), name: String(row.data.NAME) }));
    const { page } = await e2e.openSignedInPage({ session, path: '/banks' });
    await page.getByText('or track it here.').waitFor();
    await page.getByRole('link', { name: 'Track a Bank' }).first().click();
    await page.waitForURL(/#\/banks\/create$/);
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).to.equal(true);

    const bankField = page.getByRole('combobox', { name: 'Bank' });
    await bankField.fill(largest.name.slice(0, 6));
    await page.getByRole('option').first().waitFor();
    await screenshot(page, 'track-a-bank-choices');
    await page.getByRole('option', { name: new RegExp(`^${largest.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
    await page.getByLabel('Notes').fill('Largest bank in the market: start here.');
    await screenshotInBothThemes(page, 'track-a-bank');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`#/banks/${largest.cert}/show$`));
    await page.getByText('Largest bank in the market: start here.').waitFor();
    const tracked = await apiAs<{ name: string; isTarget: boolean; assets: number | null }>(e2e.url, session, `/api/data/banks/${largest.cert}`);
    expect(tracked).to.include({ name: largest.name, isTarget: true });
    // Its details and figures come from the regulator data, as when starring it in the Directory.
    expect(tracked.assets).to.be.a('number');

    // The bank tracked is offered no more; another is found by its cert.
    await page.goto(`${e2e.url}/#/banks/create`);
    await bankField.fill(String(largest.cert));
    const again = page.getByRole('option', { name: /already a target/ });
    await again.waitFor();
    expect(await again.getAttribute('aria-disabled')).to.equal('true');
    await bankField.fill(String(second.cert));
    await page.getByRole('option', { name: new RegExp(`cert ${second.cert}`) }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`#/banks/${second.cert}/show$`));
    await page.goto(`${e2e.url}/#/banks`);
    await page.getByRole('cell', { name: largest.name }).waitFor();
    await page.getByRole('cell', { name: second.name }).waitFor();
    await screenshotInBothThemes(page, 'tracked-banks-list');

    // A bank no longer a target is offered again, and tracked again with the notes and tags it had.
    await apiAs(e2e.url, session, `/api/data/banks/${largest.cert}/tags`, { method: 'PUT', body: { tags: ['priority'] } });
    await apiAs(e2e.url, session, `/api/data/banks/${largest.cert}`, { method: 'DELETE' });
    await page.goto(`${e2e.url}/#/banks/create`);
    await bankField.fill(String(largest.cert));
    await page.getByRole('option', { name: new RegExp(`cert ${largest.cert}`) }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`#/banks/${largest.cert}/show$`));
    await page.getByText('Largest bank in the market: start here.').waitFor();
    const retracked = await apiAs<{ isTarget: boolean; tags: string[] }>(e2e.url, session, `/api/data/banks/${largest.cert}`);
    expect(retracked).to.deep.include({ isTarget: true, tags: ['priority'] });
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it("reads a tracked bank's figures in its History by their labels and formats, tens of them behind one line, and leads from a Do Not Contact row of Activity to Settings", async () => {
    const session = await e2e.registerUser('Avery Quinn');
    const answer = await apiAs<Institution>(e2e.url, session, '/api/services/fdic/institutions?limit=1&sort_by=ASSET&sort_order=DESC');
    const cert = Number(answer.data[0].data.CERT);
    await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: { cert, name: String(answer.data[0].data.NAME) } });
    await apiAs(e2e.url, session, `/api/data/banks/${cert}/financials`, { method: 'PUT', body: { assets: 63772242000, roa: 1.2277, repdte: '20251231' } });
    const { page } = await e2e.openSignedInPage({ session, path: `/banks/${cert}/show/history` });
    const history = page.getByTestId('record-history');

    // Tracking brought every figure of the quarter: one line to open.
    const tracked = history.locator('[data-event-type="BankTracked"]');
    await tracked.getByRole('button', { name: 'Show figures' }).click();
    await tracked.getByTestId('history-figures').getByText(/^Total Assets: \$[\d.]+[KMBT]$/).waitFor();
    await tracked.getByTestId('history-figures').getByText(/^Return on Assets \(ROA\): -?\d+\.\d\d%$/).waitFor();
    // A few changed figures read as any other change, and the summary names them with their values.
    const refreshed = history.locator('[data-event-type="BankSnapshotRefreshed"]');
    await refreshed.getByText(/^Return on Assets \(ROA\): .+ → 1\.23%$/).waitFor();
    await refreshed.getByText(/^Updated 2 figures \(Q4 2025\): Total Assets \$63\.77B, Return on Assets \(ROA\) 1\.23%$/).waitFor();
    expect(await history.getByText(/^(Financials|Status|Cert)\b/).count()).to.equal(0);
    await screenshotInBothThemes(page, 'tracked-bank-history');

    await apiAs(e2e.url, session, '/api/data/suppressions', { method: 'POST', body: { email: 'nobody@elsewhere.example' } });
    await page.goto(`${e2e.url}/#/activity`);
    await page.locator('tr', { hasText: 'Added nobody@elsewhere.example to Do Not Contact' }).getByRole('link', { name: 'Do Not Contact list' }).click();
    await page.getByRole('tab', { name: 'Automation', selected: true }).waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('creates an API key in Settings and reads the tracked banks through the public API with it', async () => {
    const { session, bank } = await userTrackingABank('Avery Stone');
    const { page } = await e2e.openSignedInPage({ session, path: '/settings' });
    // A name the server refuses says why under the field, and stays there to be shortened.
    const tooLong = 'Quarterly CRM sync '.repeat(6);
    await page.getByLabel('Key name').fill(tooLong);
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.getByText('API key name can be at most 100 characters.').waitFor();
    expect(await page.getByLabel('Key name').inputValue()).to.equal(tooLong);
    await page.getByLabel('Key name').fill('CRM sync');
    expect(await page.getByText('API key name can be at most 100 characters.').count()).to.equal(0);
    await page.getByRole('button', { name: 'Create API Key' }).click();
    const key = (await page.getByTestId('new-api-key-value').textContent())!.trim();
    await page.getByTestId('api-key-row').filter({ hasText: 'CRM sync' }).waitFor();

    const list = await fetch(`${e2e.url}/api/public/banks`, { headers: { 'X-API-Key': key } });
    expect(list.status).to.equal(200);
    const body = (await list.json()) as { data: Array<{ cert: number; name: string }> };
    expect(body.data.map((entry) => entry.cert)).to.deep.equal([bank.cert]);
    const one = await fetch(`${e2e.url}/api/public/banks/${bank.cert}`, { headers: { 'X-API-Key': key } });
    expect(one.status).to.equal(200);
    expect(((await one.json()) as { data: { name: string } }).data.name).to.equal(bank.name);
    expect((await fetch(`${e2e.url}/api/public/banks`, { headers: { 'X-API-Key': `${key}x` } })).status).to.equal(401);

    // The documentation's example quotes its address, so a shell passes its '?' and '&' on to curl; the address answers the key.
    await page.goto(`${e2e.url}/#/data-tools`);
    await page.getByRole('button', { name: 'View API Documentation' }).click();
    const example = (await page.getByRole('dialog').locator('pre').textContent())!;
    const address = /^curl -H "X-API-Key: YOUR_KEY" '([^'\s]+)'$/.exec(example)?.[1];
    expect(address, example).to.equal(`${e2e.url}/api/public/banks?page=1&limit=25`);
    expect((await fetch(address!, { headers: { 'X-API-Key': key } })).status).to.equal(200);
    await page.getByRole('button', { name: 'Close' }).last().click();
    await page.goto(`${e2e.url}/#/settings`);

    // The list shows when the key was last used.
    await page.reload();
    await page.getByTestId('api-key-row').filter({ hasText: 'CRM sync' }).waitFor();
    expect(await page.getByTestId('api-key-row').filter({ hasText: 'CRM sync' }).textContent()).not.to.contain('Never');
    expect(e2e.pageErrors(page)).to.deep.equal([]);

    // On a phone each key is a block of its own, its delete button on screen.
    await page.setViewportSize({ width: 390, height: 844 });
    // The phone's block names its dates (the table's row does not), once the page has switched to it.
    const row = page.getByTestId('api-key-row').filter({ hasText: 'CRM sync' }).filter({ hasText: /Created .*Last used / });
    await row.waitFor();
    const remove = (await row.getByRole('button', { name: 'Delete API key CRM sync' }).boundingBox())!;
    expect(remove.x + remove.width, 'the delete button ends within the screen').to.be.at.most(390);
    await screenshot(page, 'settings-api-keys-phone');
  });

  it('imports contacts from a CSV file through the Contacts list: mapping, check, import, and nothing twice', async () => {
    const { session, bank } = await userTrackingABank('Morgan Ellery');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-e2e-')), 'contacts.csv');
    // As a spreadsheet on Windows in many locales saves it: semicolons, Windows-1252.
    fs.writeFileSync(
      file,
      Buffer.from(
        [
          'Full name;Job title;Email;Cert;Hot',
          `Jane Doe;CFO;jane@alpha.example;${bank.cert};`,
          `Raj Patel;CEO;raj@alpha.example;${bank.cert};x`,
          `No Title;;x@alpha.example;${bank.cert};`,
          `José Núñez;COO;jose@alpha.example;${bank.cert};`,
        ].join('\r\n'),
        'latin1',
      ),
    );
    const { page } = await e2e.openSignedInPage({ session, path: '/contacts' });
    const importOnce = async () => {
      await page.getByRole('button', { name: 'Import' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('CSV file').setInputFiles(file);
      await dialog.getByTestId('import-preview').getByText('Jane Doe').waitFor();
      await dialog.getByRole('button', { name: 'Check rows' }).click();
      return dialog.getByTestId('import-dry-run');
    };
    let dryRun = await importOnce();
    await dryRun.getByText('3 of 4 rows will be imported. 1 row has problems.').waitFor();
    // The row as a spreadsheet opening the file numbers it, under the header's row 1.
    expect(await dryRun.getByTestId('import-errors').locator('tbody tr').allInnerTexts()).to.deep.equal(['4\tJob title\tJob title is required.']);
    await screenshot(page, 'contact-import-check');
    // While the file is imported the dialog says so (held back here, as a file of thousands of rows would take).
    const slowImport = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    };
    await page.route('**/api/data/contacts/import', slowImport);
    await dryRun.getByRole('button', { name: 'Import 3 valid rows, skip the rest' }).click();
    await dryRun.getByRole('status').filter({ hasText: 'Importing 3 contacts…' }).waitFor();
    await page.getByText('Imported 3 contacts (1 invalid row skipped).').waitFor();
    await page.unroute('**/api/data/contacts/import', slowImport);
    await page.getByRole('cell', { name: 'Raj Patel' }).waitFor();
    await page.getByRole('cell', { name: 'José Núñez' }).waitFor();
    const imported = await apiAs<Array<{ name: string; isHotLead: boolean }>>(e2e.url, session, '/api/data/contacts?sort=["name","ASC"]');
    expect(imported.map((contact) => [contact.name, contact.isHotLead])).to.deep.equal([
      ['Jane Doe', false],
      ['José Núñez', false],
      ['Raj Patel', true],
    ]);

    // The same file again adds nothing.
    dryRun = await importOnce();
    await dryRun.getByText(/0 of 4 rows will be imported\. 3 duplicates will be skipped\./).waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  /** The same contact's edit open in two tabs: `theirs` saves first, `mine` is refused and shown what changed. */
  async function contactOpenInTwoTabs(userName: string) {
    const { session, bank } = await userTrackingABank(userName);
    const contact = await apiAs<{ id: string }>(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Jane Doe', title: 'CFO' } });
    const { page: mine } = await e2e.openSignedInPage({ session, path: `/contacts/${contact.id}` });
    const theirs = await mine.context().newPage();
    await theirs.goto(`${e2e.url}/#/contacts/${contact.id}`);
    await mine.getByLabel('Job Title').waitFor();
    await theirs.getByLabel('Job Title').waitFor();
    const saveIn = async (page: typeof mine) => page.getByRole('button', { name: 'Save' }).click();
    const stored = () => apiAs<{ name: string; title: string; email: string | null }>(e2e.url, session, `/api/data/contacts/${contact.id}`);
    return { mine, theirs, saveIn, stored };
  }

  it("keeps the other tab's change of a field the user left alone when the user chooses Overwrite with mine", async () => {
    const { mine, theirs, saveIn, stored } = await contactOpenInTwoTabs('Riley Park');
    await theirs.getByLabel('Job Title').fill('Chief Financial Officer');
    await saveIn(theirs);
    await theirs.getByRole('tab', { name: 'History' }).waitFor();

    await mine.getByLabel('Email', { exact: true }).fill('jane.doe@example.com');
    await saveIn(mine);
    const notice = mine.getByTestId('conflict-notice');
    await notice.getByText('This record was changed after you opened it').waitFor();
    await notice.getByRole('cell', { name: 'Chief Financial Officer' }).waitFor();
    await notice.getByText('Overwrite with mine keeps these changes, except in the fields you changed too: those take yours.').waitFor();
    await notice.scrollIntoViewIfNeeded();
    await screenshotInBothThemes(mine, 'contact-edit-conflict');
    await mine.getByRole('button', { name: 'Overwrite with mine' }).click();
    await mine.getByRole('tab', { name: 'History' }).waitFor();
    expect(await stored()).to.include({ title: 'Chief Financial Officer', email: 'jane.doe@example.com' });
    expect(e2e.pageErrors(mine)).to.deep.equal([]);
  });

  it("saves the user's value of a field both tabs changed when the user chooses Overwrite with mine", async () => {
    const { mine, theirs, saveIn, stored } = await contactOpenInTwoTabs('Robin Vale');
    await theirs.getByLabel('Job Title').fill('Chief Financial Officer');
    await theirs.getByLabel('Full Name').fill('Jane A. Doe');
    await saveIn(theirs);
    await theirs.getByRole('tab', { name: 'History' }).waitFor();

    await mine.getByLabel('Job Title').fill('Treasurer');
    await saveIn(mine);
    await mine.getByTestId('conflict-notice').getByRole('cell', { name: 'Chief Financial Officer' }).waitFor();
    await mine.getByRole('button', { name: 'Overwrite with mine' }).click();
    await mine.getByRole('tab', { name: 'History' }).waitFor();
    expect(await stored()).to.include({ title: 'Treasurer', name: 'Jane A. Doe' });
    expect(e2e.pageErrors(mine)).to.deep.equal([]);
  });

  it('shows a change made between the conflict and Overwrite with mine, and saves the next Overwrite over it', async () => {
    const { mine, theirs, saveIn, stored } = await contactOpenInTwoTabs('Sasha Lind');
    await theirs.getByLabel('Job Title').fill('Chief Financial Officer');
    await saveIn(theirs);
    await theirs.getByRole('tab', { name: 'History' }).waitFor();

    await mine.getByLabel('Email', { exact: true }).fill('jane.doe@example.com');
    await saveIn(mine);
    const notice = mine.getByTestId('conflict-notice');
    await notice.getByRole('cell', { name: 'Chief Financial Officer' }).waitFor();

    // A third change while the notice shows.
    await theirs.getByRole('link', { name: 'Edit', exact: true }).click();
    await theirs.getByRole('textbox', { name: 'Full Name' }).fill('Jane A. Doe');
    await saveIn(theirs);
    await theirs.getByRole('tab', { name: 'History' }).waitFor();

    await mine.getByRole('button', { name: 'Overwrite with mine' }).click();
    await mine.getByText('The record changed again meanwhile: the notice now shows every change since you opened it.').waitFor();
    await notice.getByRole('cell', { name: 'Jane A. Doe' }).waitFor();
    // Still told against what the user opened: the first change stays listed beside the new one.
    const rows = await notice.getByRole('row').allInnerTexts();
    expect(rows.map((row) => row.split('\t'))).to.deep.include.members([
      ['Title', 'CFO', 'Chief Financial Officer'],
      ['Name', 'Jane Doe', 'Jane A. Doe'],
    ]);
    await mine.getByRole('button', { name: 'Overwrite with mine' }).click();
    await mine.getByRole('tab', { name: 'History' }).waitFor();
    expect(await stored()).to.include({ title: 'Chief Financial Officer', name: 'Jane A. Doe', email: 'jane.doe@example.com' });
    expect(e2e.pageErrors(mine)).to.deep.equal([]);
  });

  it("asks before leaving a contact's edit with changes not saved, by Back or a link, keeps what was typed when the user stays, and leaves once saved", async () => {
    const { session, bank } = await userTrackingABank('Morgan Reyes');
    const contact = await apiAs<{ id: string }>(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: "Siobhán O'Brien", title: 'COO' } });
    const { page } = await e2e.openSignedInPage({ session, path: '/contacts' });
    await page.locator('tbody tr').first().getByRole('link', { name: 'Edit' }).click();
    // The field, not the list's 'Sort by job title' still on screen until the edit opens.
    const jobTitle = page.getByRole('textbox', { name: 'Job Title' });
    await jobTitle.fill('Chief Operating Officer');
    // Save is offered once the form knows it holds a change: only then is leaving asked about.
    await page.getByRole('button', { name: 'Save', disabled: false }).waitFor();

    // The user answers Cancel (stay) to every question.
    const questions: string[] = [];
    page.on('dialog', (dialog) => {
      questions.push(dialog.type());
      void dialog.dismiss();
    });
    const askedTimes = async (count: number) => {
      for (let waited = 0; questions.length < count && waited < 5000; waited += 50) await page.waitForTimeout(50);
      expect(questions, 'asked before leaving').to.have.length(count);
    };
    await page.evaluate(() => window.history.back());
    await askedTimes(1);
    await page.getByRole('link', { name: 'Tasks', exact: true }).click();
    await askedTimes(2);
    await page.getByRole('link', { name: 'Show' }).click();
    await askedTimes(3);
    expect(questions).to.deep.equal(['confirm', 'confirm', 'confirm']);
    expect(page.url()).to.equal(`${e2e.url}/#/contacts/${contact.id}`);
    expect(await jobTitle.inputValue()).to.equal('Chief Operating Officer');
    await screenshotInBothThemes(page, 'contact-edit-kept-when-staying');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'History' }).waitFor();
    expect(questions).to.have.length(3);
    expect((await apiAs<{ title: string }>(e2e.url, session, `/api/data/contacts/${contact.id}`)).title).to.equal('Chief Operating Officer');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it("reads a workflow's changed steps in words when its edit is refused, with the Now column in sight on a phone", async () => {
    const session = await e2e.registerUser('Morgan Ash');
    const as = apiOf(e2e.url, session);
    const template = await as<{ id: string }>('/api/data/templates', { method: 'POST', body: { name: 'CFO introduction', category: 'introduction', subject: 'Hello', body: 'Dear {{contactName}},' } });
    const workflow = await as<{ id: string }>('/api/data/workflows', { method: 'POST', body: { name: 'New CFO sequence', steps: [{ day: 1, type: 'Email', templateId: template.id }] } });
    const { page } = await e2e.openSignedInPage({ session, path: `/workflows/${workflow.id}`, viewport: { width: 390, height: 844 } });
    await page.getByLabel('Workflow Name').waitFor();
    // Changed elsewhere after the form was opened.
    await as(`/api/data/workflows/${workflow.id}`, { method: 'PUT', body: { name: 'New CFO sequence', steps: [{ day: 1, type: 'Email', templateId: template.id }, { day: 3, type: 'LinkedIn Visit' }] } });

    await page.getByLabel('Workflow Name').fill('CFO sequence, spring');
    await page.getByRole('button', { name: 'Save' }).click();
    const changes = page.getByRole('table', { name: 'Changes since you opened the form' });
    const steps = changes.getByRole('row', { name: /^Steps/ });
    await steps.getByRole('cell', { name: 'Day 1 · Email: CFO introduction; Day 3 · LinkedIn Visit', exact: true }).waitFor();
    await steps.getByRole('cell', { name: 'Day 1 · Email: CFO introduction', exact: true }).waitFor();
    const now = await changes.getByRole('columnheader', { name: 'Now' }).boundingBox();
    expect(now!.x + now!.width).to.be.at.most(390);
    await screenshot(page, 'workflow-edit-conflict-phone');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it("shows what changed when a template, a workflow or a target's contact edited in a dialog changed in another tab, then reloads or overwrites it", async () => {
    const { session, bank } = await userTrackingABank('Sasha Lind');
    const as = apiOf(e2e.url, session);
    const contact = await as<{ id: string }>('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Jane Doe', title: 'CFO' } });
    const template = await as<{ id: string }>('/api/data/templates', { method: 'POST', body: { name: 'CFO introduction', category: 'introduction', subject: 'Hello', body: 'Dear {{contactName}},' } });
    const workflow = await as<{ id: string }>('/api/data/workflows', { method: 'POST', body: { name: 'New CFO sequence', steps: [{ day: 1, type: 'Email', templateId: template.id }] } });
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/automation' });
    const dialog = page.getByRole('dialog');

    await page.getByRole('button', { name: 'Edit CFO introduction' }).click();
    await dialog.getByLabel('Template Name').fill('CFO introduction, spring');
    await as(`/api/data/templates/${template.id}`, { method: 'PUT', body: { name: 'CFO introduction', category: 'introduction', subject: 'Changed in another tab', body: 'Dear {{contactName}},' } });
    await dialog.getByRole('button', { name: 'Save Template' }).click();
    const changes = dialog.getByRole('table', { name: 'Changes since you opened the form' });
    await changes.getByRole('cell', { name: 'Changed in another tab' }).waitFor();
    expect(await dialog.getByLabel('Template Name').inputValue()).to.equal('CFO introduction, spring');
    // Changed once more before Overwrite: the refused Overwrite lists that change beside the first.
    await as(`/api/data/templates/${template.id}`, { method: 'PUT', body: { name: 'CFO introduction', category: 'introduction', subject: 'Changed in another tab', body: 'Dear {{contactName}}, hello' } });
    await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
    await changes.getByRole('cell', { name: 'Dear {{contactName}}, hello', exact: true }).waitFor();
    await changes.getByRole('cell', { name: 'Changed in another tab' }).waitFor({ timeout: 1000 });
    await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
    await page.getByText('Template saved.').waitFor();
    // Only the name was changed in the dialog: the other tab's subject and body stay.
    expect(await as<{ name: string; subject: string; body: string }>(`/api/data/templates/${template.id}`)).to.include({ name: 'CFO introduction, spring', subject: 'Changed in another tab', body: 'Dear {{contactName}}, hello' });
    // A star is its own change: an edit of the text in another tab does not refuse it.
    await as(`/api/data/templates/${template.id}`, { method: 'PUT', body: { name: 'CFO introduction, spring', category: 'introduction', subject: 'Changed again', body: 'Dear {{contactName}},' } });
    await page.getByRole('button', { name: 'Mark CFO introduction, spring as favorite' }).click();
    await page.getByRole('button', { name: 'Remove CFO introduction, spring from favorites' }).waitFor();
    expect((await as<{ isFavorite: boolean; subject: string }>(`/api/data/templates/${template.id}`))).to.include({ isFavorite: true, subject: 'Changed again' });

    await page.getByRole('button', { name: 'Edit New CFO sequence' }).click();
    await dialog.getByLabel('Workflow Name').fill('My sequence');
    await as(`/api/data/workflows/${workflow.id}`, { method: 'PUT', body: { name: 'Renamed in another tab', steps: [{ day: 1, type: 'Email', templateId: template.id }] } });
    await dialog.getByRole('button', { name: 'Save Workflow' }).click();
    await dialog.getByText('This record was changed after you opened it').waitFor();
    await dialog.getByRole('button', { name: 'Reload (drop my changes)' }).click();
    expect(await dialog.getByLabel('Workflow Name').inputValue()).to.equal('Renamed in another tab');
    await dialog.getByLabel('Workflow Name').fill('Renamed after reading it');
    await dialog.getByRole('button', { name: 'Save Workflow' }).click();
    await page.getByText('Workflow saved.').waitFor();
    expect((await as<{ name: string }>(`/api/data/workflows/${workflow.id}`)).name).to.equal('Renamed after reading it');

    // A save after Reload is checked against the contact as reloaded (it was refused again and again).
    await page.goto(`${e2e.url}/#/outreach/targets`);
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    await targets.expand(bank.name);
    await targets.contactRow('Jane Doe').hover();
    await targets.contactRow('Jane Doe').getByRole('button', { name: 'Edit Jane Doe' }).click();
    await dialog.getByLabel('Job Title').fill('Treasurer');
    await as(`/api/data/contacts/${contact.id}`, { method: 'PUT', body: { bankId: bank.cert, name: 'Jane Doe', title: 'Chief Executive Officer' } });
    await dialog.getByRole('button', { name: 'Save Contact' }).click();
    await dialog.getByRole('button', { name: 'Reload (drop my changes)' }).click();
    expect(await dialog.getByLabel('Job Title').inputValue()).to.equal('Chief Executive Officer');
    await dialog.getByLabel('Job Title').fill('Chief Executive Officer and Treasurer');
    await dialog.getByRole('button', { name: 'Save Contact' }).click();
    await page.getByText('Contact updated.').waitFor();
    expect((await as<{ title: string }>(`/api/data/contacts/${contact.id}`)).title).to.equal('Chief Executive Officer and Treasurer');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it("reads a link to another user's contact as not found, as a deleted one, and goes back to the list", async () => {
    const { session: other, bank } = await userTrackingABank('Quinn Other');
    const theirs = await apiAs<{ id: string }>(e2e.url, other, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Private Person', title: 'CFO' } });
    const { page } = await e2e.openSignedInPage({ path: `/contacts/${theirs.id}/show` });
    await page.getByText('This contact was not found: it may have been deleted.').waitFor();
    await page.waitForFunction(() => window.location.hash === '#/contacts');
    expect(await page.getByText('Private Person').count()).to.equal(0);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it("shows a failed email's status and date in the bank's Outreach History, and on a phone Resend and Dismiss stand under the explanation", async () => {
    const { session, bank } = await userTrackingABank('Robin Oakes');
    const email = 'alexandra.montgomery-whitfield@nowhere.example';
    const contact = await apiAs<{ id: string }>(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Alexandra Montgomery-Whitfield', title: 'CFO', email } });
    await apiAs(e2e.url, session, '/api/services/mailgun/send', { method: 'POST', body: { to: email, recipientName: 'Alexandra Montgomery-Whitfield', subject: 'Hello there', body: 'Hi,', contactId: contact.id, bankId: bank.cert } });
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/sent-mail' });
    const mailbox = new SentMailPage(page);
    await mailbox.view().getByTestId('sent-email-decision').getByText(/No such mailbox/).waitFor({ timeout: 20_000 });

    // After a long address the date was cut off the end of the line.
    await page.goto(`${e2e.url}/#/outreach/targets`);
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    await targets.expand(bank.name);
    const history = targets.expandedCard().getByRole('list', { name: 'Outreach history' });
    await history.getByText('Hello there').waitFor();
    // An email not sent says what became of it, and when it was written.
    const when = history.getByText(/^Failed · [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(await when.evaluate((line) => line.scrollWidth <= line.clientWidth)).to.equal(true);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${e2e.url}/#/outreach/sent-mail`);
    await mailbox.rows().first().click();
    const decision = mailbox.view().getByTestId('sent-email-decision');
    await decision.getByRole('button', { name: 'Resend' }).waitFor();
    const explanation = await decision.locator('.MuiAlert-message').boundingBox();
    const resend = await decision.getByRole('button', { name: 'Resend' }).boundingBox();
    await screenshot(page, 'sent-mailbox-failed-phone');
    // Beside the buttons the explanation was squeezed to a word or two a line.
    expect(resend!.y).to.be.at.least(explanation!.y + explanation!.height);
    expect(explanation!.width).to.be.greaterThan(200);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('offers only Dismiss for a failed email whose recipient is now on the Do Not Contact list, with a link to the list', async () => {
    const { session, bank } = await userTrackingABank('Morgan Hale');
    const address = 'left.us@nowhere.example';
    const contact = await apiAs<{ id: string }>(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Left Us', title: 'CFO', email: address } });
    await apiAs(e2e.url, session, '/api/services/mailgun/send', { method: 'POST', body: { to: address, subject: 'Hello there', body: 'Hi,', contactId: contact.id } });
    await apiAs(e2e.url, session, '/api/data/suppressions', { method: 'POST', body: { email: address } });
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/sent-mail' });
    const decision = new SentMailPage(page).view().getByTestId('sent-email-decision');
    await decision.getByText(`${address} is on your Do Not Contact list, so it cannot be sent again.`).waitFor({ timeout: 20_000 });
    // The server refuses a resend to such an address: offering it only led to an error.
    expect(await decision.getByRole('button', { name: 'Resend' }).count()).to.equal(0);
    await decision.getByRole('button', { name: 'Dismiss' }).waitFor();
    await screenshotInBothThemes(page, 'sent-mail-do-not-contact');
    await decision.getByRole('link', { name: 'Do Not Contact list' }).click();
    await page.waitForFunction(() => window.location.hash === '#/settings?tab=automation');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
    it(`fills the Find Contacts domain from the AI's domain search when the bank has no website on file (${colorScheme} mode)`, async () => {
      const { session, bank } = await userTrackingABank(`Jordan Vale ${colorScheme}`);
      const { website } = await e2e.server.db.knex('fdic_institutions').where({ cert: bank.cert }).first('website');
      await e2e.server.db.knex('targets').where({ cert: bank.cert }).update({ website: null });
      const { page } = await e2e.openSignedInPage({ colorScheme, session, path: '/outreach/targets' });
      const targets = new TargetsPage(page);
      await targets.waitForCards();
      await targets.expand(bank.name);
      await targets.expandedCard().getByRole('button', { name: 'Find Contacts & Execs' }).click();
      const finder = page.getByRole('dialog', { name: 'Find Contacts and Executives' });
      await finder.getByText('Domain suggested by AI from the bank’s name: check it before searching.').waitFor();
      const domain = String(website).replace(/^(https?:\/\/)?(www\.)?/, '');
      expect(await finder.getByLabel('Bank domain').inputValue()).to.equal(domain);
      await screenshot(page, 'find-contacts-ai-domain');

      // Asked again on request: the same domain is confirmed; another one typed is replaced by the AI's.
      await finder.getByRole('button', { name: 'Suggest with AI' }).click();
      await page.getByText('Current domain confirmed by AI.').waitFor();
      await finder.getByLabel('Bank domain').fill('some-other-bank.example');
      await finder.getByRole('button', { name: 'Suggest with AI' }).click();
      await page.getByText('AI suggested an updated domain.').waitFor();
      expect(await finder.getByLabel('Bank domain').inputValue()).to.equal(domain);
      expect(e2e.pageErrors(page)).to.deep.equal([]);
    });

    it(`settles a failed email from Sent Mailbox: resend queues it again, dismiss closes it (${colorScheme} mode)`, async () => {
      const { session, bank } = await userTrackingABank(`Casey Lin ${colorScheme}`);
      const contact = await apiAs<{ id: string }>(e2e.url, session, '/api/data/contacts', {
        method: 'POST',
        body: { bankId: bank.cert, name: 'Gone Away', title: 'CFO', email: 'gone@nowhere.example' },
      });
      await apiAs(e2e.url, session, '/api/services/mailgun/send', { method: 'POST', body: { to: 'gone@nowhere.example', subject: 'Hello there', body: 'Hi,', contactId: contact.id } });
      const { page } = await e2e.openSignedInPage({ colorScheme, session, path: '/outreach/sent-mail' });
      const mailbox = new SentMailPage(page);
      const decision = mailbox.view().getByTestId('sent-email-decision');
      await decision.getByText(/This email was not sent\..*No such mailbox/).waitFor({ timeout: 20_000 });
      await screenshot(page, 'sent-mailbox-failed');

      await decision.getByRole('button', { name: 'Resend' }).click();
      await page.getByText('Email queued to send again.').waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="mailbox-count"]')?.textContent === '2 of 2 emails shown');
      // The first email is settled by the resend; the new one, shown now, fails the same way and is dismissed.
      await mailbox.rows().filter({ hasText: 'Dismissed' }).waitFor();
      await mailbox.view().getByTestId('delivery-status').getByText('Failed').waitFor({ timeout: 20_000 });
      await decision.getByRole('button', { name: 'Dismiss' }).click({ timeout: 20_000 });
      await page.getByText('Email dismissed.').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="sent-email-row"] [data-testid="delivery-status"]').length === 2 && [...document.querySelectorAll('[data-testid="sent-email-row"] [data-testid="delivery-status"]')].every((chip) => chip.textContent === 'Dismissed'));
      expect(e2e.pageErrors(page)).to.deep.equal([]);
    });
  }
});
