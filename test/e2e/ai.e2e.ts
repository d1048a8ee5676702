import { expect } from 'chai';
import { apiAs, screenshot, useE2E } from './support/index.ts';
import { AutomationPage } from './support/pages/automation.ts';
import { DashboardPage } from './support/pages/dashboard.ts';
import { Shell } from './support/pages/shell.ts';
import { TargetsPage } from './support/pages/targets.ts';

type Institution = { data: Array<{ data: Record<string, unknown> }> };

/** The AI features a user meets outside the chat, answered by the built-in offline analyst (no AI key on this server). */
describe('AI on the screens', function () {
  const e2e = useE2E({ banks: 40 });

  it("writes the dashboard's market commentary from our figures", async () => {
    const { page } = await e2e.openSignedInPage({ path: '/' });
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilLoaded();
    await page.getByRole('button', { name: 'Generate AI Commentary' }).click();
    const commentary = page.getByTestId('market-commentary');
    await commentary.waitFor();
    expect(await commentary.textContent()).to.match(/^The 100 largest banks hold \$[\d.]+[TBM] in assets\./);
  });

  it("generates a bank's AI summary in the bank detail, keeps it, and shows it again on the next visit", async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    await page.getByTestId('directory-row').first().click();
    const detail = page.getByRole('dialog', { name: 'Bank detail' });
    const name = (await detail.getByTestId('bank-detail-name').textContent())!;
    await detail.getByRole('button', { name: 'AI Summary' }).click();
    const summary = detail.getByTestId('ai-summary-analysis');
    await summary.getByText('No AI summary has been generated for this bank yet.').waitFor();
    await summary.getByRole('button', { name: 'Generate AI Summary' }).click();
    await page.locator('[role="alert"]', { hasText: 'AI summary generated.' }).waitFor();
    expect(await summary.getByTestId('ai-summary-analysis-text').textContent()).to.include(name);
    await summary.getByText(/^Written by Offline analyst on /).waitFor();
    await screenshot(page, 'bank-detail-ai-summary');

    // The detail has an address of its own: reloaded, it shows the same bank again.
    await page.reload();
    expect(await detail.getByTestId('bank-detail-name').textContent()).to.equal(name);
    await detail.getByRole('button', { name: 'AI Summary' }).click();
    expect(await detail.getByTestId('ai-summary-analysis-text').textContent()).to.include(name);
    await summary.getByRole('button', { name: 'Regenerate' }).waitFor();
  });

  it('drafts the body of an email from its subject, asking for the subject first', async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/' });
    const answer = await apiAs<Institution>(e2e.url, session, '/api/services/fdic/institutions?limit=1&offset=2&sort_by=ASSET&sort_order=DESC');
    const bank = { cert: Number(answer.data[0].data.CERT), name: String(answer.data[0].data.NAME) };
    await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: bank });
    await apiAs(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Morgan Reyes', title: 'Chief Financial Officer', email: 'morgan.reyes@bank.example' } });

    await new Shell(page).navigate('Targets', 'Outreach');
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    await targets.expand(bank.name);
    await targets.contactRow('Morgan Reyes').hover();
    await targets.contactRow('Morgan Reyes').getByRole('button', { name: 'Send email to Morgan Reyes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Email to Morgan Reyes' });
    await dialog.getByLabel('Subject').fill('');
    await dialog.getByRole('button', { name: 'Write with AI' }).click();
    await dialog.getByText('Please enter a subject before using AI.').waitFor();

    await dialog.getByLabel('Subject').fill('Treasury services for the new quarter');
    await dialog.getByLabel('Body').fill('Hi Morgan, a few words of my own.');
    await dialog.getByRole('button', { name: 'Write with AI' }).click();
    await page.locator('[role="alert"]', { hasText: 'AI successfully generated email body.' }).waitFor();
    const body = await dialog.getByLabel('Body').inputValue();
    expect(body).to.include('Morgan').and.to.include(bank.name);
    await dialog.getByText('Drafted by Offline analyst: read it before sending.').waitFor();
    // The words the draft replaced are one click away.
    await dialog.getByRole('button', { name: 'Restore your text' }).click();
    expect(await dialog.getByLabel('Body').inputValue()).to.equal('Hi Morgan, a few words of my own.');
    expect(await dialog.getByRole('button', { name: 'Restore your text' }).count()).to.equal(0);
    await dialog.getByRole('button', { name: 'Write with AI' }).click();
    await dialog.getByText('Drafted by Offline analyst: read it before sending.').waitFor();
    await screenshot(page, 'send-email-ai-body');
    await page.evaluate(() => window.localStorage.setItem('RaStore.theme', JSON.stringify('dark')));
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'send-email-ai-body');
  });

  it('drafts a template and then a workflow with AI, each opening unsaved for review and created on save', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/outreach/automation' });
    const automation = new AutomationPage(page);
    await automation.waitUntilLoaded();
    const section = (name: string) => page.locator(`section[aria-label="${name}"]`);

    // A workflow's email steps need templates: with none, the AI workflow dialog says so and cannot run.
    await section('Workflows').getByRole('button', { name: 'Generate with AI' }).click();
    await automation.dialog().getByText('You must have at least one email template saved to generate a workflow with email steps.').waitFor();
    expect(await automation.dialog().getByLabel('Prompt').getAttribute('placeholder'), 'a workflow is asked for as touches over time, not as one email').to.match(/touches over two weeks/);
    expect(await automation.dialog().getByRole('button', { name: 'Generate Workflow' }).isDisabled()).to.equal(true);
    await automation.dialog().getByRole('button', { name: 'Cancel' }).click();
    await automation.dialog().waitFor({ state: 'hidden' });

    await section('Email Templates').getByRole('button', { name: 'Generate with AI' }).click();
    expect(await automation.dialog().getByLabel('Prompt').getAttribute('placeholder')).to.equal('Describe what you want, e.g. a friendly first email to a bank CFO about treasury services');
    await automation.dialog().getByRole('button', { name: 'Generate Template' }).click();
    await automation.dialog().getByText('Please enter a prompt describing the template you want.').waitFor();
    // Longer than the AI takes: said in the box, before sending, and what was typed stays.
    const tooLong = 'A friendly first email to a bank CFO about treasury services. '.repeat(70);
    await automation.dialog().getByLabel('Prompt').fill(tooLong);
    await automation.dialog().getByText(`A prompt can be at most 4,000 characters; this one has ${tooLong.trim().length.toLocaleString('en-US')}.`).waitFor();
    expect(await automation.dialog().getByRole('button', { name: 'Generate Template' }).isDisabled()).to.equal(true);
    expect(await automation.dialog().getByLabel('Prompt').inputValue()).to.equal(tooLong);
    await automation.dialog().getByLabel('Prompt').fill('A friendly first email to a bank CFO about treasury services');
    await automation.dialog().getByRole('button', { name: 'Generate Template' }).click();
    await automation.dialog().getByRole('heading', { name: 'Review AI Generated Template' }).waitFor();
    const templateName = await automation.dialog().getByLabel('Template Name').inputValue();
    expect(templateName).to.not.equal('');
    expect(await automation.dialog().getByLabel('Body').inputValue()).to.match(/\{\{\s*\w+\s*\}\}/);
    expect(await automation.templateCards().count()).to.equal(0);
    await automation.saveTemplate();
    await automation.dialog().waitFor({ state: 'hidden' });
    await automation.templateCard(templateName).waitFor();

    await section('Workflows').getByRole('button', { name: 'Generate with AI' }).click();
    await automation.dialog().getByLabel('Prompt').fill('Three touches over two weeks: an intro email, a LinkedIn visit, then a follow-up email');
    await automation.dialog().getByRole('button', { name: 'Generate Workflow' }).click();
    await automation.dialog().getByRole('heading', { name: 'Review AI Generated Workflow' }).waitFor();
    const workflowName = await automation.dialog().getByLabel('Workflow Name').inputValue();
    await screenshot(page, 'automation-ai-workflow-draft');
    await automation.dialog().getByRole('button', { name: 'Create Workflow' }).click();
    await automation.dialog().waitFor({ state: 'hidden' });
    const card = automation.workflowCard(workflowName);
    await card.waitFor();
    expect(await card.textContent()).to.include(templateName);
  });

  it("says why the AI could not draft a template, in the server's words", async () => {
    const { page } = await e2e.openSignedInPage({ path: '/outreach/automation' });
    const automation = new AutomationPage(page);
    await automation.waitUntilLoaded();
    const reason = 'Template generation failed: The AI service is busy or has used up its quota for now. Please try again in a minute.';
    await page.route('**/api/services/gemini/generate-template', (route) => route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ message: reason }) }), { times: 1 });
    await page.locator('section[aria-label="Email Templates"]').getByRole('button', { name: 'Generate with AI' }).click();
    await automation.dialog().getByLabel('Prompt').fill('A friendly first email to a bank CFO');
    await automation.dialog().getByRole('button', { name: 'Generate Template' }).click();
    await automation.dialog().getByText(reason).waitFor();
  });
});
