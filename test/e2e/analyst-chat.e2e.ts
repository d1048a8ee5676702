import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { apiAs, screenshot, screenshotInBothThemes, useE2E } from './support/index.ts';

/**
 * Sends a question with Enter once Ask is on (a conversation is open to take it: before that Enter
 * sends nothing), and waits until the answer has finished streaming.
 */
async function ask(page: Page, question: string): Promise<void> {
  const box = page.getByLabel('Question for the analyst');
  await box.fill(question);
  await page.getByRole('button', { name: 'Ask', exact: true, disabled: false }).waitFor();
  await box.press('Enter');
  await page.getByRole('button', { name: 'Regenerate' }).waitFor();
}

describe('analyst chat', function () {
  const e2e = useE2E({ banks: 250 });

  it('streams an answer citing banks as links that open the bank detail, regenerates it and keeps the conversation', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/analyst-chat' });
    const chat = page.getByTestId('analyst-chat-page');
    await chat.getByTestId('chat-greeting').waitFor();

    // Shift+Enter breaks the line instead of sending.
    const box = page.getByLabel('Question for the analyst');
    await box.fill('Top 5 banks');
    await box.press('Shift+Enter');
    expect(await box.inputValue()).to.equal('Top 5 banks\n');
    expect(await chat.getByTestId('user-message').count()).to.equal(0);

    await box.fill('Top 5 banks by total assets');
    await box.press('Enter');
    await chat.getByTestId('user-message').filter({ hasText: 'Top 5 banks by total assets' }).waitFor();
    const answer = chat.getByTestId('assistant-text').last();
    await page.getByRole('button', { name: 'Regenerate' }).waitFor();
    expect(await answer.locator('a[data-bank-cert]').count()).to.equal(5);
    expect(await chat.getByTestId('answered-by').last().textContent()).to.equal('Answered by Offline analyst');
    expect(await chat.getByTestId('conversation').first().textContent()).to.include('Top 5 banks by total assets');
    await screenshot(page, 'analyst-chat-page');
    // A screen reader hears the answer once it is whole, in words (its table's cells apart).
    const announcement = chat.getByRole('status').and(chat.getByTestId('chat-announcement'));
    const said = (await announcement.textContent()) ?? '';
    expect(said).to.match(/^The analyst answered: \S/);
    expect(said).to.include(`${await answer.locator('a[data-bank-cert]').first().textContent()} `);

    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('button', { name: 'Regenerate' }).waitFor();
    expect(await chat.getByTestId('assistant-message').count()).to.equal(1);

    const firstBank = answer.locator('a[data-bank-cert]').first();
    const bankName = (await firstBank.textContent()) ?? '';
    await firstBank.click();
    await page.getByRole('dialog').getByText(bankName).first().waitFor();
    await page.keyboard.press('Escape');
    // Closed, and back at the chat's address: a reload sooner would open the bank detail's address again.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.waitForURL(/#\/analyst-chat/);

    // The conversation is saved: a reload shows it again.
    await page.reload();
    await chat.getByTestId('assistant-text').first().waitFor();
    expect(await chat.getByTestId('user-message').first().textContent()).to.equal('Top 5 banks by total assets');
    expect(await announcement.textContent(), 'an opened conversation is not read out').to.equal('');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`fits a ${viewport.width} × ${viewport.height} window: the answer scrolls inside, the question box and Ask stay on screen, the title reads whole`, async () => {
      const { page } = await e2e.openSignedInPage({ path: '/analyst-chat', viewport });
      await ask(page, 'Top 10 banks by total assets');
      expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight), 'the page itself does not scroll').to.be.at.most(0);
      const askButton = (await page.getByRole('button', { name: 'Ask', exact: true }).boundingBox())!;
      expect(askButton.y + askButton.height, 'Ask ends within the window').to.be.at.most(viewport.height);
      const title = page.getByRole('heading', { name: 'Analyst Chat' });
      expect(await title.evaluate((heading) => heading.scrollWidth - heading.clientWidth), 'title cut short').to.equal(0);
      // The ranking's table scrolls sideways rather than breaking a figure over two lines.
      const splitFigures = await page.getByTestId('assistant-text').last().evaluate((answer) =>
        [...answer.querySelectorAll('td')]
          .filter((cell) => cell.children.length === 0 && !/\s/.test(cell.textContent!.trim()))
          .filter((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            return range.getClientRects().length > 1;
          })
          .map((cell) => cell.textContent),
      );
      expect(splitFigures, 'figures split over two lines').to.deep.equal([]);
      await screenshot(page, `analyst-chat-${viewport.width}`);
    });
  }

  it('starts a new conversation, deletes one, never renders a script a prompt smuggles in, and shows an image in an answer as a link', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/analyst-chat' });
    const chat = page.getByTestId('analyst-chat-page');
    await ask(page, 'Market statistics');
    await chat.getByRole('button', { name: 'New' }).click();
    await chat.getByTestId('chat-greeting').waitFor();
    await ask(page, '<img src=x onerror="window.__pwned=1"> analyse cert 1');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).to.equal(undefined);
    expect(await chat.getByTestId('conversation').count()).to.equal(2);

    // An image in an answer shows as a link to it: nothing is fetched from the host it names.
    const fetchedImages: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') fetchedImages.push(request.url());
    });
    const imageAnswer = ['{"chunk":"","provider":"gemini"}', '{"chunk":"See ![the chart](https://tracker.example/pixel.png?who=you) here."}', ''].join('\n');
    await page.route('**/api/analyst/chat', (route) => route.fulfill({ status: 200, contentType: 'application/x-ndjson', body: imageAnswer }), { times: 1 });
    await ask(page, 'Show me a chart');
    const answer = chat.getByTestId('assistant-text').last();
    expect(await answer.getByRole('link', { name: 'Image: the chart' }).getAttribute('href')).to.equal('https://tracker.example/pixel.png?who=you');
    expect(await answer.locator('img').count()).to.equal(0);
    expect(fetchedImages.filter((url) => url.includes('tracker.example'))).to.deep.equal([]);
    await screenshotInBothThemes(page, 'analyst-chat-image-as-link');

    await chat.getByRole('button', { name: /^Delete conversation Market statistics/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="conversation"]').length === 1);
    expect(await chat.getByTestId('conversation').first().textContent()).not.to.include('Market statistics');
  });

  it('deletes the conversation being answered for good: its answer stops and is not saved back', async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/analyst-chat' });
    const chat = page.getByTestId('analyst-chat-page');
    await chat.getByTestId('chat-greeting').waitFor();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const answer = ['{"chunk":"","provider":"gemini"}', '{"chunk":"A late answer."}', ''].join('\n');
    await page.route('**/api/analyst/chat', async (route) => {
      await released;
      await route.fulfill({ status: 200, contentType: 'application/x-ndjson', body: answer }).catch(() => undefined);
    }, { times: 1 });
    const box = page.getByLabel('Question for the analyst');
    await box.fill('Soon deleted');
    await box.press('Enter');
    await chat.getByTestId('typing-indicator').waitFor();
    await chat.getByRole('button', { name: 'Delete conversation Soon deleted' }).click();
    await chat.getByTestId('chat-greeting').waitFor();
    release();
    await ask(page, 'Market statistics');
    const titles = (await apiAs<Array<{ title: string }>>(e2e.url, session, '/api/analyst/chats')).map((conversation) => conversation.title);
    expect(titles).to.deep.equal(['Market statistics']);
    await page.reload();
    await chat.getByTestId('assistant-text').first().waitFor();
    expect(await chat.getByTestId('conversation').allTextContents()).to.have.length(1);
  });

  it('keeps a question whose answer was cut off by closing the panel, saying so, and Regenerate asks it again', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/' });
    await page.getByRole('button', { name: 'Open Analyst Chat' }).click();
    const panel = page.getByTestId('analyst-chat-panel');
    await panel.getByTestId('chat-greeting').waitFor();
    // The answer never comes: the panel closes first.
    await page.route('**/api/analyst/chat', () => undefined, { times: 1 });
    const box = panel.getByLabel('Question for the analyst');
    await box.fill('Which Texas banks grew deposits fastest last quarter?');
    await box.press('Enter');
    await panel.getByTestId('typing-indicator').waitFor();
    const saved = page.waitForRequest((request) => request.method() === 'POST' && /\/api\/analyst\/chats\//.test(request.url()) && (request.postData() ?? '').includes('the chat was closed'));
    await page.getByRole('button', { name: 'Close Analyst Chat' }).click();
    await saved;

    await page.getByRole('button', { name: 'Open Analyst Chat' }).click();
    await panel.getByText('(The answer stopped here: the chat was closed before it was complete. Regenerate asks again.)').waitFor();
    expect(await panel.getByTestId('user-message').allTextContents()).to.deep.equal(['Which Texas banks grew deposits fastest last quarter?']);
    await panel.getByRole('button', { name: 'Regenerate' }).click();
    await panel.getByTestId('typing-indicator').waitFor({ state: 'detached' });
    expect(await panel.getByTestId('assistant-text').textContent()).not.to.include('the chat was closed');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('puts a question that got no answer back in the box with the reason in words, and stops a question longer than a message', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/analyst-chat' });
    const chat = page.getByTestId('analyst-chat-page');
    await chat.getByTestId('chat-greeting').waitFor();
    const box = page.getByLabel('Question for the analyst');

    // The AI service fails mid-answer (overloaded, rate-limited): the question is not lost, Enter asks it again.
    const overloaded = ['{"chunk":"","provider":"gemini"}', '{"error":"The model is overloaded. Please try again later."}', ''].join('\n');
    await page.route('**/api/analyst/chat', (route) => route.fulfill({ status: 200, contentType: 'application/x-ndjson', body: overloaded }), { times: 1 });
    await box.fill('Top 5 banks by total assets');
    await box.press('Enter');
    await chat.getByTestId('chat-error').getByText('Error: The model is overloaded. Please try again later.', { exact: true }).waitFor();
    expect(await box.inputValue()).to.equal('Top 5 banks by total assets');
    expect(await chat.getByTestId('user-message').count()).to.equal(0);
    await box.press('Enter');
    await page.getByRole('button', { name: 'Regenerate' }).waitFor();
    expect(await chat.getByTestId('user-message').allTextContents()).to.deep.equal(['Top 5 banks by total assets']);

    // A refusal shows its message, not the server's JSON.
    const refusal = { type: 'about:blank', title: 'Payload Too Large', status: 413, message: 'The request body is larger than the 1000000 bytes allowed.' };
    await page.route('**/api/analyst/chat', (route) => route.fulfill({ status: 413, contentType: 'application/problem+json', body: JSON.stringify(refusal) }), { times: 1 });
    await box.fill('And the next five?');
    await box.press('Enter');
    expect(await chat.getByTestId('chat-error').textContent()).to.equal('Error: Server error: 413 Payload Too Large - The request body is larger than the 1000000 bytes allowed.');
    expect(await box.inputValue()).to.equal('And the next five?');

    // Longer than a chat message can be: refused in the box, before it could spoil the conversation.
    await box.fill('x'.repeat(20_001));
    await chat.getByText('A question can be at most 20,000 characters; this one has 20,001.').waitFor();
    expect(await page.getByRole('button', { name: 'Ask', exact: true }).isDisabled()).to.equal(true);
    await box.press('Enter');
    expect(await chat.getByTestId('user-message').count()).to.equal(1);
    expect((await box.inputValue()).length).to.equal(20_001);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('keeps a wide code block of an answer inside its bubble on a phone, scrolling sideways', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/analyst-chat', viewport: { width: 390, height: 844 } });
    const csv = ['cert,name,assets,deposits,roa,npl,tier1', ...Array.from({ length: 3 }, (_, row) => `${90000 + row},A fairly long demo bank name ${row},1234567890,987654321,1.23,0.45,12.5`)].join('\n');
    const answer = [{ chunk: '', provider: 'gemini' }, { chunk: `Here it is as CSV:\n\n\`\`\`csv\n${csv}\n\`\`\`\n` }].map((line) => JSON.stringify(line)).join('\n');
    await page.route('**/api/analyst/chat', (route) => route.fulfill({ status: 200, contentType: 'application/x-ndjson', body: `${answer}\n` }));
    await ask(page, 'The top 3 banks as CSV');
    const bubble = (await page.getByTestId('assistant-text').last().boundingBox())!;
    const block = page.getByTestId('assistant-text').last().locator('pre');
    const box = (await block.boundingBox())!;
    expect(box.x + box.width, 'the code block ends inside the answer').to.be.at.most(bubble.x + bubble.width + 0.5);
    expect(await block.evaluate((pre) => pre.scrollWidth > pre.clientWidth && getComputedStyle(pre).overflowX === 'auto'), 'the code block scrolls').to.equal(true);
  });

  it('offers prompt suggestions in four groups and inserts a metric from the field map', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/analyst-chat' });
    await page.getByRole('button', { name: 'Prompt suggestions' }).click();
    const suggestions = page.getByTestId('prompt-suggestions');
    for (const group of ['Rank Banks', 'Analyze a Bank', 'Get Specific Metrics', 'Market & Industry News']) await suggestions.getByText(group, { exact: true }).waitFor();
    // The bank questions name the largest bank the mirror holds (here a demo bank), so they can be answered.
    const knex = e2e.server.db.knex;
    const quarter = (await knex('fdic_financials').max({ quarter: 'repdte' }).first())?.quarter;
    const largest = (await knex('fdic_financials').where({ repdte: quarter }).orderBy('assets', 'desc').first('cert')).cert;
    await suggestions.getByRole('button', { name: `Analyze cert ${largest}`, exact: true }).click();
    await page.getByRole('button', { name: 'Ask', exact: true, disabled: false }).click();
    await page.getByRole('button', { name: 'Regenerate' }).waitFor();
    expect(await page.getByTestId('assistant-text').last().textContent()).not.to.contain('I could not find that bank');
    await page.getByRole('button', { name: 'Prompt suggestions' }).click();
    await suggestions.getByRole('button', { name: 'New Suggestions' }).click();
    await page.getByText('New prompt suggestions loaded.').waitFor();
    await suggestions.getByRole('button').nth(1).click();
    expect(await page.getByLabel('Question for the analyst').inputValue()).not.to.equal('');

    await page.getByLabel('Question for the analyst').fill('ROA vs ');
    await page.getByRole('button', { name: 'Insert financial metric' }).click();
    const picker = page.getByTestId('metric-picker');
    await picker.getByPlaceholder('Search for a financial metric...').fill('no such metric at all');
    await picker.getByText('No metrics found.').waitFor();
    await picker.getByPlaceholder('Search for a financial metric...').fill('NIMY');
    await picker.getByRole('button', { name: /Net interest margin/ }).first().click();
    expect(await page.getByLabel('Question for the analyst').inputValue()).to.equal('ROA vs "Net interest margin (%)"');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`opens as a side panel from the floating button (${colorScheme})`, async () => {
      const { page } = await e2e.openSignedInPage({ path: '/', colorScheme });
      await page.getByRole('button', { name: 'Open Analyst Chat' }).click();
      const panel = page.getByTestId('analyst-chat-panel');
      await panel.getByTestId('chat-greeting').waitFor();
      await panel.getByLabel('Question for the analyst').fill('Analyze the largest bank in Texas by assets');
      await panel.getByLabel('Question for the analyst').press('Enter');
      await panel.getByRole('button', { name: 'Regenerate' }).waitFor();
      await screenshot(page, 'analyst-chat-panel');
      if (colorScheme === 'dark') {
        await page.getByRole('button', { name: 'Close Analyst Chat' }).click();
        await page.goto(`${e2e.url}/#/analyst-chat`);
        await page.getByTestId('analyst-chat-page').getByTestId('assistant-text').first().waitFor();
        await screenshot(page, 'analyst-chat-page');
      }
    });
  }
});
