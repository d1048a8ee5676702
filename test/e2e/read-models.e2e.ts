import { expect } from 'chai';
import { EventStoreDbDouble } from '../doubles/eventstoredb-double.ts';
import { apiOf, holdRequests, screenshot, trackLargestBank, useE2E } from './support/index.ts';
import { Shell } from './support/pages/shell.ts';

/**
 * Data Tools' Read Models card as an analyst uses it: rebuild the outreach tables from the event
 * history, follow the rebuild, see the activity search index catch up again, and find a record by a
 * word of its activity afterwards.
 */
describe('read models: a rebuild from Data Tools, then the activity search index catching up', function () {
  const e2e = useE2E({ banks: 30 });

  it('rebuilds the read models, shows the search index catching up, and Activity still finds a task by a word', async () => {
    const session = await e2e.registerUser('Rhea Analyst');
    const as = apiOf(e2e.url, session);
    const bank = await trackLargestBank(e2e.url, session);
    await as('/api/data/tasks', { method: 'POST', body: { bankId: bank.cert, text: 'Ask the treasurer about Zanzibar deposits', dueDate: '2027-01-15' } });

    const { page } = await e2e.openSignedInPage({ session, path: '/data-tools' });
    const card = page.getByTestId('read-models');
    const searchIndex = card.getByTestId('activity-search-index');
    await searchIndex.getByText('Activity search index: up to date.').waitFor({ timeout: 20_000 });

    await card.getByRole('button', { name: 'Rebuild Read Models' }).click();
    await card.getByText(/^Rebuilt Tracked banks, Contacts/).waitFor({ timeout: 60_000 });
    // Each read model by the name a reader knows it by, the rebuild command's name under it, and when it was built.
    const trackedBanks = card.getByTestId('read-model').filter({ hasText: 'Tracked banks' });
    await trackedBanks.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/).waitFor();
    expect(await trackedBanks.textContent()).to.contain('targets');
    // The rebuilt feed is a new table: the index starts over in the background and the card follows it.
    await searchIndex.getByText('Activity search index: up to date.').waitFor({ timeout: 30_000 });
    await screenshot(page, 'data-tools-read-models');
    await new Shell(page).toggleTheme();
    await screenshot(page, 'data-tools-read-models');

    // A second rebuild: the card follows it from the click, even while the status has not answered
    // (on the embedded database it waits for the rebuild; here it is held until the card has shown the
    // run), never showing the first one's 'Rebuilt ...' as its end.
    const heldStatus = await holdRequests(page, '**/api/services/projections');
    await card.getByRole('button', { name: 'Rebuild Read Models' }).click();
    await card.getByText('Counting events').waitFor();
    expect(await card.getByText(/^Rebuilt /).count()).to.equal(0);
    await heldStatus.release();
    await card.getByText(/^Rebuilt Tracked banks, Contacts/).waitFor({ timeout: 60_000 });
    await searchIndex.getByText('Activity search index: up to date.').waitFor({ timeout: 30_000 });

    await page.goto(`${e2e.url}/#/activity`);
    await page.getByPlaceholder('Search activity').fill('zanzibar');
    // The bank's tracking leaves the list once the search applies: only the task's row matches.
    await page.waitForFunction(() => document.querySelectorAll('main tbody tr').length === 1);
    expect(await page.locator('main tbody tr').textContent()).to.contain('Created task "Ask the treasurer about Zanzibar deposits"');
    await screenshot(page, 'activity-searched');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });
});

describe('read models over EventStoreDB: Data Tools says how they are replayed', function () {
  const double = new EventStoreDbDouble();
  before(async () => {
    await double.start();
  });
  after(async () => {
    await double.stop();
  });
  const e2e = useE2E({ banks: 5, config: () => ({ eventStoreUrl: double.url }) });

  it('offers no rebuild the server would refuse, and says how to replay the read models instead', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/data-tools' });
    const card = page.getByTestId('read-models');
    await card.getByTestId('read-models-eventstoredb').getByText(/^Events are kept in EventStoreDB/).waitFor();
    expect(await card.getByTestId('read-models-eventstoredb').textContent()).to.contain('stop the server, run npm run projections:rebuild, and start it again.');
    expect(await card.getByRole('button', { name: 'Rebuild Read Models' }).count()).to.equal(0);
    await card.getByTestId('read-model').first().waitFor();
    await screenshot(page, 'data-tools-read-models-eventstoredb');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });
});
