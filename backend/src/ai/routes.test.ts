import { expect } from 'chai';
import type { Knex } from 'knex';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { GeminiDouble, type GeminiRequest } from '../../../test/doubles/gemini-double.ts';
import { loadDemoData } from '../regulator/demo/load.ts';
import { normaliseFinancials, normaliseInstitution } from '../regulator/normalise/index.ts';
import { upsertFinancials, upsertInstitutions } from '../regulator/store.ts';
import { answerCutNote } from './chat/routes.ts';
import { loadPlaceholderContext } from '../placeholders/values.ts';

/** NDJSON lines of a streamed chat answer. */
async function ask(app: TestApp, token: string, body: unknown): Promise<{ status: number; lines: Array<Record<string, any>>; type: string | null }> {
  const response = await fetch(`${app.url}/api/analyst/chat`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), lines: response.status === 200 ? text.trim().split('\n').map((line) => JSON.parse(line)) : [JSON.parse(text)] };
}
const textOf = (lines: Array<Record<string, any>>) => lines.map((line) => line.chunk ?? '').join('');
const question = (content: string) => ({ messages: [{ role: 'user', content }], sessionId: 'chat-1' });
/** A bank that closed in May 2024: its last report is for Q4 2023, long before the newest quarter held. */
async function closedBank(knex: Knex): Promise<number> {
  await upsertInstitutions(knex, [normaliseInstitution({ CERT: 777_002, NAME: 'Shuttered Valley Bank', STALP: 'NE', ACTIVE: 0, ENDEFYMD: '05/03/2024', ASSET: 250_000 })]);
  await upsertFinancials(knex, [normaliseFinancials({ CERT: 777_002, REPDTE: '20231231', ASSET: 250_000, ROA: 0.4321, NCLNLSR: 3.21, RBC1RWAJ: 7.65 })]);
  return 777_002;
}
/** A template of the user's own, saved, as a workflow's email step must name one. */
async function savedTemplate(app: TestApp, token: string, name: string): Promise<{ id: string; name: string }> {
  const saved = await app.request('/api/data/templates', { method: 'POST', token, body: { name, category: 'introduction', subject: 'Hello {{bankName}}', body: 'Hi {{contactName}}, we help banks.' } });
  expect(saved.status, saved.text).to.equal(201);
  return { id: saved.body.id, name };
}
const functionResponses = (request: GeminiRequest) => request.body.contents.flatMap((content: any) => content.parts).filter((part: any) => part.functionResponse).map((part: any) => part.functionResponse);

describeWithDatabase('AI analyst API', (context) => {
  let offline: TestApp;
  let gemini: TestApp;
  let double: GeminiDouble;
  let owner: { token: string; user: { id: string } };
  let stranger: { token: string; user: { id: string } };
  let geminiUser: { token: string; user: { id: string } };
  let bank: { cert: number; name: string };

  before(async function () {
    this.timeout(120_000);
    await loadDemoData(context.db.knex, { banks: 60 });
    double = await new GeminiDouble().start();
    offline = await startTestApp(context.db);
    gemini = await startTestApp(context.db, { config: { geminiApiKey: 'test-key', geminiApiUrl: double.url, aiTimeoutMs: 1500 } });
    owner = await offline.signUp('Owner');
    stranger = await offline.signUp('Stranger');
    geminiUser = await gemini.signUp('Gemini User');
    bank = await context.db.knex('fdic_institutions').orderBy('assets', 'desc').first('cert', 'name');
  });
  after(async () => {
    await offline?.stop();
    await gemini?.stop();
    await double?.stop();
  });
  beforeEach(() => double.reset());

  describe('conversations', () => {
    it('saves a conversation titled from the first 30 characters of its first question, lists newest first and answers 404 to another user', async () => {
      const long = 'Which banks in Texas have the highest ROA this quarter?';
      const saved = await offline.request('/api/analyst/chats/c1', { method: 'POST', token: owner.token, body: { id: 'c1', title: 'New Chat', messages: [{ role: 'user', content: long }] } });
      expect(saved.status).to.equal(200);
      expect(saved.body.title).to.equal('Which banks in Texas have the ...');
      await offline.request('/api/analyst/chats/c2', { method: 'POST', token: owner.token, body: { id: 'c2', title: 'Short', messages: [] } });
      const list = await offline.request('/api/analyst/chats', { token: owner.token });
      expect(list.body.map((chat: { _id: string }) => chat._id)).to.deep.equal(['c2', 'c1']);
      expect(list.body[0]).to.have.keys('_id', 'id', 'title', 'createdAt', 'updatedAt');
      expect((await offline.request('/api/analyst/chats/c1', { token: owner.token })).body.messages).to.have.length(1);
      expect((await offline.request('/api/analyst/chats/c1', { token: stranger.token })).status).to.equal(404);
      expect((await offline.request('/api/analyst/chats', { token: stranger.token })).body).to.deep.equal([]);
      expect((await offline.request('/api/analyst/chats/c1', { method: 'DELETE', token: stranger.token })).status).to.equal(404);
      expect((await offline.request('/api/analyst/chats/c1', { method: 'DELETE', token: owner.token })).status).to.equal(204);
      expect((await offline.request('/api/analyst/chats/c1', { token: owner.token })).status).to.equal(404);
    });

    it('rejects a malformed chat id, an unknown parameter, a message with an unknown role and an empty question with 400', async () => {
      expect((await offline.request('/api/analyst/chats/bad%20id', { token: owner.token })).status).to.equal(400);
      for (const path of ['/api/analyst/chats?page=2', '/api/analyst/chats/c3?page=2']) {
        const refused = await offline.request(path, { token: owner.token });
        expect(refused.status).to.equal(400);
        expect(refused.body.message).to.equal("Unknown parameter 'page'. This address takes no parameters.");
      }
      const badRole = await offline.request('/api/analyst/chats/c3', { method: 'POST', token: owner.token, body: { messages: [{ role: 'system', content: 'x' }] } });
      expect(badRole.status).to.equal(400);
      const empty = await ask(offline, owner.token, question('   '));
      expect(empty.status).to.equal(400);
      expect(empty.lines[0].message).to.match(/question is empty/);
    });
  });

  describe('the offline analyst', () => {
    it('streams an answer as NDJSON chunk lines and says it is the offline analyst', async () => {
      const { status, type, lines } = await ask(offline, owner.token, question('Top 3 banks by total assets'));
      expect(status).to.equal(200);
      expect(type).to.match(/application\/x-ndjson/);
      expect(lines[0]).to.include({ provider: 'offline' });
      expect(lines.length).to.be.greaterThan(3);
      const answer = textOf(lines);
      expect(answer).to.include(`[${bank.name}](#/bank/${bank.cert})`);
      expect(answer).to.include('offline analyst');
    });

    it('saves an AI summary as an event from the AI and shows it to its owner only', async () => {
      const generated = await offline.request('/api/services/gemini/analyze-bank', { method: 'POST', token: owner.token, body: { bankData: { name: bank.name }, cert: bank.cert } });
      expect(generated.status).to.equal(200);
      expect(generated.body.provider).to.equal('offline');
      const saved = await offline.request(`/api/data/ai-analysis/${bank.cert}/summary`, { token: owner.token });
      expect(saved.body).to.include({ content: generated.body.analysis, provider: 'offline', source: 'ai' });
      const [event] = await context.db.knex('events').where({ stream_id: `ai-analysis-${owner.user.id}-${bank.cert}` }).select('type', 'metadata');
      expect(event.type).to.equal('AiAnalysisGenerated');
      expect(event.metadata.source).to.equal('ai');
      const none = await offline.request(`/api/data/ai-analysis/${bank.cert}/summary`, { token: stranger.token });
      expect(none.status).to.equal(200);
      expect(none.body).to.equal(null);
      expect((await offline.request(`/api/data/ai-analysis/${bank.cert}/forecast`, { token: owner.token })).status).to.equal(400);
    });

    it("writes a failed bank's summary and risk commentary from its last report, saying it is no longer active", async () => {
      const cert = await closedBank(context.db.knex);
      for (const path of ['analyze-bank', 'analyze-risk']) {
        const { body } = await offline.request(`/api/services/gemini/${path}`, { method: 'POST', token: owner.token, body: { bankData: { name: 'Shuttered Valley Bank' }, cert } });
        expect(body.analysis, path).to.include('0.43%').and.include('This bank is no longer active: it failed or merged on 2024-05-03. The figures are from its last report, Q4 2023.');
      }
    });

    it('answers every AI endpoint, with 400 for missing input', async () => {
      const post = (path: string, body: unknown) => offline.request(`/api/services/gemini/${path}`, { method: 'POST', token: owner.token, body });
      expect((await post('test', {})).body).to.include({ success: true, provider: 'offline' });
      expect((await post('market-summary', { stats: { totalAssets: 2e13, avgRoa: 1.1, avgNpl: 0.8, avgNim: 3.2 } })).body.summary).to.include('$20.00T');
      expect((await post('analyze-risk', { bankData: {}, cert: bank.cert })).body.analysis).to.match(/Risk commentary/);
      expect((await post('generate-email', { contactName: 'Dana', bankName: bank.name, subject: 'Treasury services' })).body.body).to.match(/^Hi Dana,/);
      expect((await post('generate-template', { prompt: 'An introductory email to a bank CFO' })).body.template).to.include({ category: 'introduction' });
      const intro = await savedTemplate(offline, owner.token, 'Intro');
      const workflow = (await post('generate-workflow', { prompt: '3-step sequence with a LinkedIn visit', availableTemplates: [intro] })).body.workflow;
      expect(workflow.steps[0]).to.deep.equal({ day: 1, type: 'Email', templateId: intro.id });
      expect(workflow.steps.some((step: { type: string }) => step.type === 'LinkedIn Visit')).to.equal(true);
      expect((await post('generate-workflow', { prompt: 'x', availableTemplates: [] })).body.workflow).to.equal(null);
      expect((await post('find-executives', { bankName: bank.name })).body.executives).to.deep.equal([]);
      expect((await post('find-leads', { domain: 'example.com' })).body).to.include({ message: 'No contacts found for this domain.' });
      expect(Object.keys((await post('generate-prompt-suggestions', {})).body.suggestions)).to.deep.equal(['Rank Banks', 'Analyze a Bank', 'Get Specific Metrics', 'Market & Industry News']);
      expect((await post('get-bank-news', { bankName: bank.name })).body).to.include({ summary: `Latest news about ${bank.name} needs the AI service: news is found by a model searching the web, and this server has no AI service configured (set GEMINI_API_KEY).` });
      expect((await post('find-executives', {})).status).to.equal(400);
      expect((await post('generate-template', { prompt: '' })).body.message).to.match(/prompt is required/);
      const improved = await post('improve-template', { template: { name: 'Intro', category: 'introduction', subject: 'intro', body: 'We help banks like {{bankName}}.' } });
      expect(improved.body).to.include({ provider: 'offline' });
      expect(improved.body.template.body).to.match(/^Hi \{\{contactName\}\},/).and.include('{{bankName}}').and.match(/\{\{senderName\}\}$/);
      const blank = await post('improve-template', { template: { name: 'Intro', category: 'introduction', subject: 'Hello', body: '   ' } });
      expect(blank.status).to.equal(400);
      expect(blank.body.message).to.match(/body is required/);
      expect((await post('find-leads', { domain: 'not a domain' })).status).to.equal(400);
    });

    it('drafts a template and a workflow from a prompt of several paragraphs, up to 4,000 characters', async () => {
      const post = (path: string, body: unknown) => offline.request(`/api/services/gemini/${path}`, { method: 'POST', token: owner.token, body });
      const paragraphs = 'An introductory email to the CFO of a community bank in Texas, mentioning our treasury services and asking for a short call. '.repeat(40).slice(0, 4000);
      expect((await post('generate-template', { prompt: paragraphs })).body.template).to.include({ category: 'introduction' });
      const intro = await savedTemplate(offline, owner.token, 'Long intro');
      expect((await post('generate-workflow', { prompt: paragraphs, availableTemplates: [intro] })).body.workflow.steps[0]).to.include({ templateId: intro.id });
      const tooLong = await post('generate-template', { prompt: `${paragraphs}!` });
      expect(tooLong.status).to.equal(400);
      expect(tooLong.body.message).to.equal('prompt: A prompt can be at most 4,000 characters.');
    });
  });

  describe('Gemini', () => {
    it('streams the model\'s text as it arrives and names Gemini as the provider', async () => {
      double.reply({ chunks: [[{ text: 'Banks ' }], [{ text: 'are ' }], [{ text: 'steady.' }]] });
      const { lines } = await ask(gemini, geminiUser.token, question('How are banks?'));
      expect(lines[0]).to.include({ provider: 'gemini' });
      expect(lines.slice(1).map((line) => line.chunk)).to.deep.equal(['Banks ', 'are ', 'steady.']);
      expect(double.requests[0]).to.include({ stream: true, apiKey: 'test-key', model: 'gemini-2.5-flash' });
      expect(double.requests[0].body.tools[0].functionDeclarations.map((declaration: { name: string }) => declaration.name)).to.include.members(['rank_banks', 'bank_financials', 'peer_comparison', 'market_statistics', 'my_targets']);
    });

    it('runs the function the model calls on our data and sends the result back before the answer', async () => {
      double.reply({ chunks: [[{ functionCall: { name: 'rank_banks', args: { metric: 'assets', limit: 2 } } }]] }, { chunks: [[{ text: 'Done.' }]] });
      const { lines } = await ask(gemini, geminiUser.token, question('Two largest banks?'));
      expect(textOf(lines)).to.equal('Done.');
      const [result] = functionResponses(double.requests[1]);
      expect(result.name).to.equal('rank_banks');
      expect(result.response.banks[0]).to.include({ cert: bank.cert, name: bank.name, link: `#/bank/${bank.cert}` });
      expect(result.response.quarterName).to.match(/^Q[1-4] \d{4}$/);
    });

    it("looks up a failed bank's figures and peers in its last report when the model names no quarter", async () => {
      const cert = await closedBank(context.db.knex);
      double.reply({ chunks: [[{ functionCall: { name: 'bank_financials', args: { cert } } }, { functionCall: { name: 'peer_comparison', args: { cert } } }]] }, { chunks: [[{ text: 'It closed.' }]] });
      await ask(gemini, geminiUser.token, question('How was Shuttered Valley Bank doing?'));
      const [financials, peers] = functionResponses(double.requests[1]);
      expect(financials.response).to.include({ quarter: '20231231', quarterName: 'Q4 2023', active: false });
      expect(financials.response.figures.roa).to.equal(0.4321);
      expect(peers.response).to.include({ quarter: '20231231' });
    });

    it('answers the model an error for invalid arguments (a cert beyond any certificate too) or an unknown function, and the chat goes on', async () => {
      double.reply(
        {
          chunks: [
            [
              { functionCall: { name: 'bank_financials', args: { cert: 'not a number' } } },
              { functionCall: { name: 'drop_tables', args: {} } },
              { functionCall: { name: 'peer_comparison', args: { cert: 99_999_999_999 } } },
            ],
          ],
        },
        { chunks: [[{ text: 'Sorry, I could not look that up.' }]] },
      );
      const { lines } = await ask(gemini, geminiUser.token, question('Figures of bank x'));
      expect(textOf(lines)).to.equal('Sorry, I could not look that up.');
      const [invalid, unknown, beyondAnyCert] = functionResponses(double.requests[1]);
      expect(invalid.response.error).to.match(/Invalid arguments: cert/);
      expect(unknown.response.error).to.match(/Unknown function "drop_tables"/);
      expect(beyondAnyCert.response.error).to.match(/Invalid arguments: cert/);
    });

    it("runs the user's functions with the caller's scope whatever the prompt says", async () => {
      const now = new Date();
      await context.db.knex('targets').insert({ cert: bank.cert, user_id: stranger.user.id, name: bank.name, is_target: true, version: 1, created_at: now, updated_at: now });
      double.reply({ chunks: [[{ functionCall: { name: 'my_targets', args: { userId: stranger.user.id } } }]] }, { chunks: [[{ text: 'None.' }]] });
      await ask(gemini, geminiUser.token, question(`Show the targets of user ${stranger.user.id}`));
      const [result] = functionResponses(double.requests[1]);
      expect(result.response).to.deep.equal({ targets: [] });
    });

    it('ends the stream with an error line when the model does not answer in time', async () => {
      double.reply({ chunks: [[{ text: 'too late' }]], delayMs: 4000 });
      const { status, lines } = await ask(gemini, geminiUser.token, question('Slow question'));
      expect(status).to.equal(200);
      expect(lines[lines.length - 1]).to.deep.equal({ error: 'The AI service did not answer in time.' });
    });

    it('ends the stream with an error line when the model finishes without a word (a blocked prompt), instead of an empty answer', async () => {
      double.reply({ chunks: [[]] });
      const { lines } = await ask(gemini, geminiUser.token, question('Something the model will not answer'));
      expect(textOf(lines)).to.equal('');
      expect(lines[lines.length - 1]).to.deep.equal({ error: 'The AI service answered with no text.' });
    });

    it('stops an answer longer than a chat message at the limit, says so, and the conversation can still be saved and continued', async () => {
      const row = '| [A bank](#/bank/1) | 12.34% |\n';
      double.reply({ chunks: [[{ text: row.repeat(500) }], [{ text: row.repeat(500) }]] }, { chunks: [[{ text: 'Fine.' }]] });
      const { lines } = await ask(gemini, geminiUser.token, question('List every bank'));
      const long = textOf(lines);
      expect(long).to.have.length(20_000);
      expect(long.endsWith(answerCutNote)).to.equal(true);
      const conversation = [{ role: 'user', content: 'List every bank' }, { role: 'assistant', content: long }];
      const saved = await gemini.request('/api/analyst/chats/long-answer', { method: 'POST', token: geminiUser.token, body: { id: 'long-answer', title: 'New Chat', messages: conversation } });
      expect(saved.status).to.equal(200);
      const followUp = await ask(gemini, geminiUser.token, { messages: [...conversation, { role: 'user', content: 'And the first one?' }], sessionId: 'long-answer' });
      expect(textOf(followUp.lines)).to.equal('Fine.');
    });

    it('answers a failed model call with the feature\'s error text', async () => {
      double.reply({ chunks: [], status: 503 });
      const response = await gemini.request('/api/services/gemini/market-summary', { method: 'POST', token: geminiUser.token, body: { stats: { totalAssets: 1 } } });
      expect(response.status).to.equal(502);
      expect(response.body.message).to.match(/^Error during AI analysis: .*overloaded/);
      double.reply({ chunks: [], status: 503 });
      const test = await gemini.request('/api/services/gemini/test', { method: 'POST', token: geminiUser.token, body: {} });
      expect(test.body.success).to.equal(false);
      expect(test.body.message).to.match(/^Error: /);
    });

    it('says the AI service is busy for a spent quota, that the key was refused for 401 and 403, and that a proxy page is not an AI answer', async () => {
      const busy = 'The AI service is busy or has used up its quota for now. Please try again in a minute.';
      const refused = 'The AI service refused the Gemini API key. Ask the administrator of this server to check its GEMINI_API_KEY setting.';
      const notAnAnswer = 'The AI service answered with something that is not an AI answer (perhaps an error page of a proxy in between). Please try again later.';
      const proxyPage = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>';
      const cases: Array<[Parameters<GeminiDouble['reply']>[0], string]> = [
        [{ chunks: [], status: 429 }, busy],
        [{ chunks: [], status: 401 }, refused],
        [{ chunks: [], status: 403 }, refused],
        [{ chunks: [], raw: { status: 502, contentType: 'text/html', body: proxyPage } }, notAnAnswer],
        [{ chunks: [], raw: { status: 200, contentType: 'text/html', body: proxyPage } }, notAnAnswer],
      ];
      for (const [index, [reply, reason]] of cases.entries()) {
        double.reply(reply);
        const response = await gemini.request('/api/services/gemini/market-summary', { method: 'POST', token: geminiUser.token, body: { stats: { totalAssets: index + 100 } } });
        expect(response.status, reason).to.equal(502);
        expect(response.body.message).to.equal(`Error during AI analysis: ${reason}`);
      }
      double.reply({ chunks: [], raw: { status: 200, contentType: 'text/html', body: proxyPage } });
      const { lines } = await ask(gemini, geminiUser.token, question('Top banks behind a proxy?'));
      expect(lines[lines.length - 1]).to.deep.equal({ error: notAnAnswer });
    });

    it('answers 502 with a clear message when a template, a workflow or prompt suggestions come back as something other than the JSON asked for', async () => {
      const unreadable = 'The AI service answered, but not in the form this feature needs. Please try again.';
      const post = (path: string, body: unknown) => gemini.request(`/api/services/gemini/${path}`, { method: 'POST', token: geminiUser.token, body });
      double.setDefault(() => ({ chunks: [[{ text: 'Sure! Here is a lovely template: Hello {{bankName}}' }]] }));
      try {
        const template = await post('generate-template', { prompt: 'An intro email that cannot be read' });
        expect(template.status).to.equal(502);
        expect(template.body.message).to.equal(`Template generation failed: ${unreadable}`);
        const workflow = await post('generate-workflow', { prompt: 'A workflow that cannot be read', availableTemplates: [{ id: 't1', name: 'Intro' }] });
        expect(workflow.status).to.equal(502);
        expect(workflow.body.message).to.equal(`Workflow generation failed: ${unreadable}`);
        const suggestions = await post('generate-prompt-suggestions', {});
        expect(suggestions.status).to.equal(502);
        expect(suggestions.body.message).to.equal(`Failed to generate new prompt suggestions: ${unreadable}`);
      } finally {
        double.setDefault(() => ({ chunks: [[{ text: 'OK' }]] }));
      }
    });

    it('says the AI service could not be reached when there is no connection to it, in the chat and in an analysis', async () => {
      const unreachable = await startTestApp(context.db, { config: { geminiApiKey: 'test-key', geminiApiUrl: 'http://127.0.0.1:9', aiTimeoutMs: 1500 } });
      try {
        const { token } = await unreachable.signUp('Cut Off');
        const { lines } = await ask(unreachable, token, question('Top banks?'));
        expect(lines[lines.length - 1]).to.deep.equal({ error: 'The AI service could not be reached. Please try again later.' });
        const analysis = await unreachable.request('/api/services/gemini/analyze-bank', { method: 'POST', token, body: { bankData: { name: bank.name }, cert: bank.cert } });
        expect(analysis.status).to.equal(502);
        expect(analysis.body.message).to.equal('Error during AI analysis: The AI service could not be reached. Please try again later.');
      } finally {
        await unreachable.stop();
      }
    });

    it('grounds a bank analysis in our figures and caches the answer for five minutes', async () => {
      double.reply({ chunks: [[{ text: 'A sound bank.' }]] });
      const body = { bankData: { name: bank.name }, cert: bank.cert };
      const first = await gemini.request('/api/services/gemini/analyze-bank', { method: 'POST', token: geminiUser.token, body });
      expect(first.body).to.include({ analysis: 'A sound bank.', provider: 'gemini' });
      expect(double.requests[0].body.contents[0].parts[0].text).to.include(`"cert":${bank.cert}`).and.include('Figures from our database');
      const second = await gemini.request('/api/services/gemini/analyze-bank', { method: 'POST', token: geminiUser.token, body });
      expect(second.body.analysis).to.equal('A sound bank.');
      expect(double.requests).to.have.length(1);
    });

    it('answers a commentary or an email body the model wrapped whole in a code fence without the fence, and keeps a code block inside an answer', async () => {
      double.reply({ chunks: [[{ text: '```markdown\n## Where it leads\n- **ROA** above its peers\n```' }]] }, { chunks: [[{ text: '```\nDear Ann,\n\nShall we talk?\n```' }]] }, { chunks: [[{ text: 'Run:\n```\nnpm start\n```' }]] });
      const peers = await gemini.request('/api/services/gemini/analyze-peer-comparison', { method: 'POST', token: geminiUser.token, body: { targetBankData: { name: 'Fenced Bank', ROA: 1.4 }, peerAnalysisData: { ROA: 1.1, peerCount: 7 } } });
      expect(peers.body.summary).to.equal('## Where it leads\n- **ROA** above its peers');
      const email = await gemini.request('/api/services/gemini/generate-email', { method: 'POST', token: geminiUser.token, body: { contactName: 'Ann', bankName: 'Fenced Bank', subject: 'A fenced hello' } });
      expect(email.body.body).to.equal('Dear Ann,\n\nShall we talk?');
      const inside = await gemini.request('/api/services/gemini/analyze-peer-comparison', { method: 'POST', token: geminiUser.token, body: { targetBankData: { name: 'Code Bank', ROA: 1.2 }, peerAnalysisData: { ROA: 1.0, peerCount: 3 } } });
      expect(inside.body.summary).to.equal('Run:\n```\nnpm start\n```');
    });

    it("grounds a failed bank's analysis in its last quarter's figures and tells the model it is no longer active", async () => {
      const knex = context.db.knex;
      await upsertInstitutions(knex, [normaliseInstitution({ CERT: 777_001, NAME: 'Closed Prairie Bank', STALP: 'KS', ACTIVE: 0, ENDEFYMD: '05/03/2024', ASSET: 410_000 })]);
      await upsertFinancials(knex, [normaliseFinancials({ CERT: 777_001, REPDTE: '20231231', ASSET: 410_000, ROA: 0.4321, NCLNLSR: 3.21, RBC1RWAJ: 7.65 })]);
      double.reply({ chunks: [[{ text: 'It closed.' }]] });
      await gemini.request('/api/services/gemini/analyze-risk', { method: 'POST', token: geminiUser.token, body: { bankData: { name: 'Closed Prairie Bank' }, cert: 777_001 } });
      const prompt: string = double.requests[0].body.contents[0].parts[0].text;
      expect(prompt).to.include('"quarter":"20231231"').and.include('"roa":0.4321').and.include('"active":false');
      expect(prompt).to.include('This bank is no longer active (it failed or merged on 2024-05-03): say so first.');
    });

    /** The bank's two newest report dates, newest first, and its ROA in each. */
    async function twoQuarters(cert: number): Promise<Array<{ repdte: string; roa: number }>> {
      const rows = await context.db.knex('fdic_financials').where({ cert }).orderBy('repdte', 'desc').limit(2).select('repdte', 'roa');
      return rows.map((row) => ({ repdte: String(row.repdte), roa: Number(row.roa) }));
    }
    const quarterName = (repdte: string) => `Q${Math.ceil(Number(repdte.slice(4, 6)) / 3)} ${repdte.slice(0, 4)}`;

    it("writes the risk commentary from the picked quarter's figures, names that quarter and its report date, and keeps each quarter's commentary apart", async () => {
      const [newest, earlier] = await twoQuarters(bank.cert);
      const risk = (quarter: string) =>
        gemini.request('/api/services/gemini/analyze-risk', { method: 'POST', token: geminiUser.token, body: { bankData: { name: bank.name, picker: 'risk' }, cert: bank.cert, quarter } });
      double.reply({ chunks: [[{ text: 'Earlier risk.' }]] }, { chunks: [[{ text: 'Newest risk.' }]] });
      const answered = await risk(earlier.repdte);
      const prompt: string = double.requests[0].body.contents[0].parts[0].text;
      expect(prompt).to.include(`"quarter":"${earlier.repdte}"`).and.include(`"roa":${earlier.roa}`);
      expect(prompt).to.include(`as of ${quarterName(earlier.repdte)}`).and.include(`report date ${earlier.repdte}`);
      expect(prompt).not.to.include(`"quarter":"${newest.repdte}"`);
      expect(answered.body).to.include({ analysis: 'Earlier risk.', quarter: earlier.repdte });

      // The same figures asked of another quarter are not answered with the earlier quarter's text.
      expect((await risk(newest.repdte)).body.analysis).to.equal('Newest risk.');
      expect(double.requests[1].body.contents[0].parts[0].text).to.include(`"quarter":"${newest.repdte}"`).and.include(`as of ${quarterName(newest.repdte)}`);
      expect((await risk(earlier.repdte)).body.analysis).to.equal('Earlier risk.');
      expect(double.requests).to.have.length(2);
      const saved = async (quarter?: string) => (await gemini.request(`/api/data/ai-analysis/${bank.cert}/risk${quarter ? `?quarter=${quarter}` : ''}`, { token: geminiUser.token })).body;
      expect(await saved(earlier.repdte)).to.include({ content: 'Earlier risk.', quarter: earlier.repdte });
      expect(await saved(newest.repdte)).to.include({ content: 'Newest risk.', quarter: newest.repdte });
      // Asked last, the earlier quarter's commentary neither replaces the newest one nor goes into emails.
      expect(await saved()).to.include({ content: 'Newest risk.', quarter: newest.repdte });
      expect((await loadPlaceholderContext(context.db.knex, { userId: geminiUser.user.id, cert: bank.cert })).analysis?.risk).to.equal('Newest risk.');
    });

    it('gives a commentary saved before commentaries named their quarter for the bank\'s newest quarter only', async () => {
      const [newest, earlier] = await twoQuarters(bank.cert);
      const holder = await gemini.signUp('Early Adopter');
      const at = new Date();
      await context.db.knex('ai_analyses').insert({ user_id: holder.user.id, cert: bank.cert, kind: 'summary', content: 'Written long ago.', provider: 'gemini', quarter: '', version: 1, created_at: at, updated_at: at });
      const saved = async (quarter: string) => (await gemini.request(`/api/data/ai-analysis/${bank.cert}/summary?quarter=${quarter}`, { token: holder.token })).body;
      expect(await saved(newest.repdte)).to.include({ content: 'Written long ago.', quarter: null });
      expect(await saved(earlier.repdte)).to.equal(null);
      const malformed = await gemini.request(`/api/data/ai-analysis/${bank.cert}/summary?quarter=Q2`, { token: holder.token });
      expect(malformed.status).to.equal(400);
      expect(malformed.body.message).to.equal('The quarter must be a report date like 20250630, not "Q2".');
    });

    it('names the quarter the peer benchmark is of in the peer commentary prompt, and keeps each quarter\'s commentary apart', async () => {
      const [newest, earlier] = await twoQuarters(bank.cert);
      const figures = { targetBankData: { name: bank.name, roa: 1.1 }, peerAnalysisData: { peerCount: 4, averages: { roa: 0.9 } }, cert: bank.cert };
      const peers = (quarter: string) => gemini.request('/api/services/gemini/analyze-peer-comparison', { method: 'POST', token: geminiUser.token, body: { ...figures, quarter } });
      double.reply({ chunks: [[{ text: 'Newest peers.' }]] }, { chunks: [[{ text: 'Earlier peers.' }]] });
      const answered = await peers(newest.repdte);
      const prompt: string = double.requests[0].body.contents[0].parts[0].text;
      expect(prompt).to.include(`as of ${quarterName(newest.repdte)}`).and.include(`report date ${newest.repdte}`);
      expect(answered.body).to.include({ analysis: 'Newest peers.', quarter: newest.repdte });
      expect((await peers(earlier.repdte)).body.analysis).to.equal('Earlier peers.');
      expect(double.requests[1].body.contents[0].parts[0].text).to.include(`as of ${quarterName(earlier.repdte)}`);
      const saved = await gemini.request(`/api/data/ai-analysis/${bank.cert}/peers?quarter=${earlier.repdte}`, { token: geminiUser.token });
      expect(saved.body).to.include({ content: 'Earlier peers.', quarter: earlier.repdte });
      expect((await gemini.request(`/api/data/ai-analysis/${bank.cert}/peers`, { token: geminiUser.token })).body).to.include({ content: 'Newest peers.', quarter: newest.repdte });
    });

    it('refuses a commentary on a quarter we hold no figures of with 400, naming the quarters held', async () => {
      const response = await gemini.request('/api/services/gemini/analyze-risk', { method: 'POST', token: geminiUser.token, body: { bankData: { name: bank.name }, cert: bank.cert, quarter: '19990331' } });
      expect(response.status).to.equal(400);
      expect(response.body.message).to.match(/^No figures are held for Q1 1999\. Quarters held: /);
      const malformed = await gemini.request('/api/services/gemini/analyze-peer-comparison', { method: 'POST', token: geminiUser.token, body: { targetBankData: {}, peerAnalysisData: {}, cert: bank.cert, quarter: 'Q2 2025' } });
      expect(malformed.status).to.equal(400);
      expect(malformed.body.message).to.match(/quarter must be a quarter-end report date YYYYMMDD/);
      expect(double.requests).to.have.length(0);
    });

    it('asks the model again on Regenerate and keeps its new text, for the bank, its risk and its peers', async () => {
      // Figures of their own: the answers of the test above are still in the five-minute cache.
      const body = { bankData: { name: bank.name, totalAssets: 1 }, cert: bank.cert };
      for (const [path, kind, extra] of [
        ['analyze-bank', 'summary', {}],
        ['analyze-risk', 'risk', {}],
        ['analyze-peer-comparison', 'peers', { targetBankData: { name: bank.name, totalAssets: 1 }, peerAnalysisData: { peerCount: 3 } }],
      ] as const) {
        const ask = (again?: boolean) => gemini.request(`/api/services/gemini/${path}`, { method: 'POST', token: geminiUser.token, body: { ...body, ...extra, ...(again === undefined ? {} : { again }) } });
        double.reply({ chunks: [[{ text: `First ${kind}.` }]] }, { chunks: [[{ text: `Second ${kind}.` }]] });
        const asked = double.requests.length;
        expect((await ask()).body.analysis).to.equal(`First ${kind}.`);
        expect((await ask(true)).body.analysis).to.equal(`Second ${kind}.`);
        // The new text is the one kept: asked again without Regenerate, and saved for the bank.
        expect((await ask()).body.analysis).to.equal(`Second ${kind}.`);
        expect(double.requests.length - asked).to.equal(2);
        expect((await gemini.request(`/api/data/ai-analysis/${bank.cert}/${kind}`, { token: geminiUser.token })).body.content).to.equal(`Second ${kind}.`);
      }
    });

    it("offers the model's rewrite of a template, keeping a placeholder of the original we do not fill, and refuses a rewrite adding one twice with 502", async () => {
      const template = { name: 'Intro', category: 'introduction', subject: 'Hello {{bankName}}', body: 'Hi {{contactName}}, we help banks.' };
      const rewrite = { ...template, body: 'Hi {{contactName}},\n\nWe help banks like {{bankName}} grow deposits. Could we talk next week?' };
      double.reply({ chunks: [[{ text: JSON.stringify(rewrite) }]] });
      const improve = (body: unknown) => gemini.request('/api/services/gemini/improve-template', { method: 'POST', token: geminiUser.token, body: { template: body } });
      const offered = await improve(template);
      expect(offered.body).to.include({ provider: 'gemini' });
      expect(offered.body.template).to.deep.equal(rewrite);
      expect(double.requests[0].body.contents[0].parts[0].text).to.include('Keep every placeholder').and.include(JSON.stringify(template));

      const adding = { ...rewrite, body: 'Hi {{contactName}}, see {{favouriteColour}}.' };
      double.reply({ chunks: [[{ text: JSON.stringify(adding) }]] }, { chunks: [[{ text: JSON.stringify(adding) }]] });
      const refused = await improve({ ...template, subject: 'Hello again {{bankName}}' });
      expect(refused.status).to.equal(502);
      expect(refused.body.message).to.equal(
        'Template improvement failed: The AI wrote a draft that could not be saved, even when asked again: {{favouriteColour}} is not a placeholder this app fills in. Please try again or reword your request.',
      );
      expect(double.requests[2].body.contents[0].parts[0].text).to.include('Your last draft could not be used: {{favouriteColour}} is not a placeholder this app fills in.');

      const keeping = { ...template, subject: 'Hello {{bankName}} and {{favouriteColour}}', body: 'Hi {{ContactName}}, your {{favouriteColour}} bank.' };
      const kept = { ...keeping, body: 'Hi {{contactName}},\n\nYour {{FavouriteColour}} bank could grow. Could we talk?' };
      double.reply({ chunks: [[{ text: JSON.stringify(kept) }]] });
      expect((await improve(keeping)).body.template).to.deep.equal(kept);
    });

    it('asks the model once more for a drafted template Save would refuse or with a placeholder we do not fill, naming the problems, and offers the second draft', async () => {
      const unsavable = { name: 'Intro', category: 'introduction', subject: 'Hello {{bankName', body: 'Hi {{contactName}}, your {{favouriteColour}} bank.' };
      const good = { name: 'Intro', category: 'introduction', subject: 'Hello {{bankName}}', body: 'Hi {{contactName}},\n\nCould we talk?\n\n{{senderName}}' };
      double.reply({ chunks: [[{ text: JSON.stringify(unsavable) }]] }, { chunks: [[{ text: JSON.stringify(good) }]] });
      const answered = await gemini.request('/api/services/gemini/generate-template', { method: 'POST', token: geminiUser.token, body: { prompt: 'An intro that needs a second try' } });
      expect(answered.status, answered.text).to.equal(200);
      expect(answered.body.template).to.deep.equal(good);
      expect(double.requests).to.have.length(2);
      expect(double.requests[0].body.contents[0].parts[0].text).to.include('only placeholders from this list: contactName').and.not.include('Your last draft');
      expect(double.requests[1].body.contents[0].parts[0].text).to.include('Your last draft could not be used: ').and.include('Template syntax error');

      const unknownOnly = { ...good, body: 'Hi {{contactName}}, your {{favouriteColour}} bank.' };
      double.reply({ chunks: [[{ text: JSON.stringify(unknownOnly) }]] }, { chunks: [[{ text: JSON.stringify(good) }]] });
      await gemini.request('/api/services/gemini/generate-template', { method: 'POST', token: geminiUser.token, body: { prompt: 'An intro with a colour' } });
      expect(double.requests[3].body.contents[0].parts[0].text).to.include('Your last draft could not be used: {{favouriteColour}} is not a placeholder this app fills in.');
    });

    it('refuses a template drafted twice in a form Save refuses with 502 naming the problem', async () => {
      const tooLong = { name: 'Intro', category: 'introduction', subject: `Hello {{bankName}} ${'and more '.repeat(60)}`, body: 'Hi {{contactName}}.' };
      double.reply({ chunks: [[{ text: JSON.stringify(tooLong) }]] }, { chunks: [[{ text: JSON.stringify(tooLong) }]] });
      const refused = await gemini.request('/api/services/gemini/generate-template', { method: 'POST', token: geminiUser.token, body: { prompt: 'A very long subject' } });
      expect(refused.status).to.equal(502);
      expect(refused.body.message).to.equal(
        'Template generation failed: The AI wrote a draft that could not be saved, even when asked again: Template subject can be at most 500 characters. Please try again or reword your request.',
      );
    });

    it("asks the model once more for a drafted workflow Save would refuse (a day too far, a template not the user's), and refuses a second such draft with 502", async () => {
      const intro = await savedTemplate(gemini, geminiUser.token, 'Gemini intro');
      const generate = (prompt: string) => gemini.request('/api/services/gemini/generate-workflow', { method: 'POST', token: geminiUser.token, body: { prompt, availableTemplates: [intro] } });
      const good = { name: 'Two touches', steps: [{ day: 1, type: 'Email', templateId: intro.id }, { day: 3, type: 'LinkedIn Visit' }] };
      double.reply({ chunks: [[{ text: JSON.stringify({ ...good, steps: [{ day: 4000, type: 'Email', templateId: intro.id }] }) }]] }, { chunks: [[{ text: JSON.stringify(good) }]] });
      const answered = await generate('Two touches, the second a visit');
      expect(answered.status, answered.text).to.equal(200);
      expect(answered.body.workflow).to.deep.equal(good);
      expect(double.requests[1].body.contents[0].parts[0].text).to.include('Your last draft could not be used: Step 1: day can be at most 3650 (ten years after the start).');

      const strangers = { ...good, steps: [{ day: 1, type: 'Email', templateId: 'a-template-of-someone-else' }] };
      double.reply({ chunks: [[{ text: JSON.stringify(strangers) }]] }, { chunks: [[{ text: JSON.stringify(strangers) }]] });
      const refused = await generate('One email with a template I do not have');
      expect(refused.status).to.equal(502);
      expect(refused.body.message).to.equal(
        'Workflow generation failed: The AI wrote a draft that could not be saved, even when asked again: Step 1: choose one of your templates. Please try again or reword your request.',
      );
    });

    it('reads news with search grounding and keeps only web links', async () => {
      double.reply({
        chunks: [[{ text: '{"summary":"Quiet quarter.","articles":[{"title":"Bank grows","uri":"https://news.example.com/a","source":"Example News","snippet":"It grew."},{"title":"Bad","uri":"javascript:alert(1)"}]}' }]],
      });
      const news = await gemini.request('/api/services/gemini/get-bank-news', { method: 'POST', token: geminiUser.token, body: { bankName: bank.name } });
      expect(double.requests[0].body.tools).to.deep.equal([{ googleSearch: {} }]);
      expect(news.body.summary).to.equal('Quiet quarter.');
      expect(news.body.articles).to.deep.equal([{ title: 'Bank grows', uri: 'https://news.example.com/a', source: 'Example News', snippet: 'It grew.' }]);
    });

    it("shows a news article's title, source and snippet as words, without the tags and entities the model copied from the page", async () => {
      double.reply({
        chunks: [[{ text: '{"summary":"Busy.","articles":[{"title":"Bank <i>expands</i> &amp; hires","uri":"https://news.example.com/e","source":"Example&#39;s News","snippet":"It <b>grew</b>&nbsp;fast &#x2014; again."}]}' }]],
      });
      const news = await gemini.request('/api/services/gemini/get-bank-news', { method: 'POST', token: geminiUser.token, body: { bankName: `${bank.name} Entities` } });
      expect(news.body.articles).to.deep.equal([{ title: 'Bank expands & hires', uri: 'https://news.example.com/e', source: "Example's News", snippet: 'It grew fast \u2014 again.' }]);
    });

    it('falls back to the search sources when the model names no article, keeping each web link once and no other link', async () => {
      double.reply({
        chunks: [[{ text: 'Nothing new this week.' }]],
        groundingChunks: [
          { web: { uri: 'https://news.example.com/b', title: 'Example News' } },
          { web: { uri: 'https://news.example.com/b', title: 'Example News' } },
          { web: { uri: 'javascript:alert(1)', title: 'Bad' } },
        ],
      });
      const news = await gemini.request('/api/services/gemini/get-bank-news', { method: 'POST', token: geminiUser.token, body: { bankName: `${bank.name} Holdings` } });
      expect(news.body.articles).to.deep.equal([{ title: 'Example News', uri: 'https://news.example.com/b', source: 'Example News', snippet: '' }]);
    });

    it('never shows a news answer it cannot read as the summary: its search sources come alone, and without any it is a 502 saying so', async () => {
      const rawText = 'Sure! <b>Here</b> is what I found: {"summary": "cut off';
      double.reply({ chunks: [[{ text: rawText }]], groundingChunks: [{ web: { uri: 'https://news.example.com/c', title: 'Example Wire' } }] });
      const sourcesOnly = await gemini.request('/api/services/gemini/get-bank-news', { method: 'POST', token: geminiUser.token, body: { bankName: `${bank.name} Sources` } });
      expect(sourcesOnly.status).to.equal(200);
      expect(sourcesOnly.body.summary).to.equal('');
      expect(sourcesOnly.body.articles).to.deep.equal([{ title: 'Example Wire', uri: 'https://news.example.com/c', source: 'Example Wire', snippet: '' }]);
      double.reply({ chunks: [[{ text: rawText }]] });
      const nothing = await gemini.request('/api/services/gemini/get-bank-news', { method: 'POST', token: geminiUser.token, body: { bankName: `${bank.name} Unreadable` } });
      expect(nothing.status).to.equal(502);
      expect(nothing.body.message).to.equal('An error occurred while fetching news: The AI service answered, but not in the form this feature needs. Please try again.');
    });
  });
});
