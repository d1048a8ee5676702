import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { loadDemoData } from '../../regulator/demo/load.ts';
import { answerQuestion, createOfflineAnalyst, draftWorkflow } from './analyst.ts';

type Row = { cert: number; name: string; state: string; regulator: string; assets: number | null; roa: number | null; efficiency_ratio: number | null; npl_ratio: number | null; repdte: string };

/**
 * The offline analyst on the demo data set. Expected banks come from a plain read of every row,
 * sorted and filtered here in JavaScript, not from the analyst's own SQL.
 */
describeWithDatabase('offline analyst', (context) => {
  let rows: Row[];
  let quarters: string[];
  const userId = randomUUID();
  const ask = (question: string | string[], as = userId) => answerQuestion(question, { knex: context.db.knex, userId: as });
  const latest = () => rows.filter((row) => row.repdte === quarters[0]);
  const byValue = (pick: (row: Row) => number | null, order: 1 | -1) => (a: Row, b: Row) => order * ((pick(a) ?? 0) - (pick(b) ?? 0)) || a.cert - b.cert;
  const certsIn = (text: string) => [...text.matchAll(/\(#\/bank\/(\d+)\)/g)].map((match) => Number(match[1]));

  before(async function () {
    this.timeout(120_000);
    await loadDemoData(context.db.knex, { banks: 300 });
    rows = (await context.db.knex.raw(`
      select i.cert, i.name, i.state, i.regulator, f.assets, f.roa, f.efficiency_ratio, f.npl_ratio, f.repdte
      from fdic_institutions i join fdic_financials f using (cert) where i.active`)).rows.map((row: Row) => ({ ...row, cert: Number(row.cert) }));
    quarters = [...new Set(rows.map((row) => row.repdte))].sort().reverse();
  });

  it('ranks banks by a metric, highest first, citing each bank by name and cert with a link and naming the quarter', async () => {
    const answer = await ask('Top 5 banks by ROA');
    const expected = latest().filter((row) => row.roa !== null).sort(byValue((row) => row.roa, -1)).slice(0, 5);
    expect(certsIn(answer)).to.deep.equal(expected.map((row) => row.cert));
    expect(answer).to.include(`${expected[0].name}](#/bank/${expected[0].cert}) (cert ${expected[0].cert}`);
    expect(answer).to.match(/Q[1-4] 20\d\d/);
    expect(answer).to.include('offline analyst');
  });

  it('ranks with a state filter and "lowest" order', async () => {
    const state = latest()[0].state;
    const stateName = { TX: 'Texas', CA: 'California' }[state];
    const answer = await ask(`Which 3 banks have the lowest efficiency ratio in ${stateName ?? state}?`);
    const expected = latest().filter((row) => row.state === state && row.efficiency_ratio !== null).sort(byValue((row) => row.efficiency_ratio, 1)).slice(0, 3);
    expect(certsIn(answer)).to.deep.equal(expected.map((row) => row.cert));
  });

  it('ranks with size and regulator filters', async () => {
    const answer = await ask('largest small banks regulated by the OCC, top 4');
    const expected = latest().filter((row) => row.regulator === 'OCC' && row.assets !== null && row.assets < 1e9).sort(byValue((row) => row.assets, -1)).slice(0, 4);
    expect(certsIn(answer)).to.deep.equal(expected.map((row) => row.cert));
    const over = await ask('Top 3 banks by NPL ratio with assets over $1 billion');
    const expectedOver = latest().filter((row) => row.assets !== null && row.assets >= 1e9 && row.npl_ratio !== null).sort(byValue((row) => row.npl_ratio, -1)).slice(0, 3);
    expect(certsIn(over)).to.deep.equal(expectedOver.map((row) => row.cert));
  });

  it('counts the banks whose ratio is past a bound and ranks those, also for a follow-up narrowed to a state', async () => {
    const above = latest().filter((row) => row.roa !== null && row.roa > 1.5);
    const answer = await ask('How many banks have an ROA above 1.5%?');
    expect(answer).to.match(new RegExp(`^\\*\\*${above.length.toLocaleString('en-US')} banks\\*\\* have return on assets \\(ROA\\) above 1\\.50% in Q[1-4] 20\\d\\d\\.`));
    expect(certsIn(answer)).to.deep.equal(above.sort(byValue((row) => row.roa, -1)).slice(0, 10).map((row) => row.cert));
    const state = latest()[0].state;
    const inState = latest().filter((row) => row.state === state && row.efficiency_ratio !== null && row.efficiency_ratio < 55);
    const followUp = await ask(['How many banks have an efficiency ratio below 55%?', `and in ${state}?`]);
    expect(followUp).to.include(`**${inState.length} ${inState.length === 1 ? 'bank' : 'banks'}** in ${state} ${inState.length === 1 ? 'has' : 'have'} efficiency ratio below 55.00%`);
    expect(await ask('How many banks have an ROA above 90%?')).to.match(/^No active bank has return on assets \(ROA\) above 90\.00% in Q[1-4] 20\d\d\./);
  });

  it('names the one largest bank of a state when asked for "the largest bank"', async () => {
    const state = latest()[0].state;
    const answer = await ask(`What is the largest bank in ${state}?`);
    const largest = latest().filter((row) => row.state === state).sort(byValue((row) => row.assets, -1))[0];
    expect(certsIn(answer)).to.deep.equal([largest.cert]);
  });

  it('reads a follow-up in the light of the question before it: a ranking narrowed to a state, then by another metric', async () => {
    const state = latest()[0].state;
    const inState = await ask(['Top 5 banks by ROA', `and in ${state}?`]);
    const expected = latest().filter((row) => row.state === state && row.roa !== null).sort(byValue((row) => row.roa, -1)).slice(0, 5);
    expect(certsIn(inState)).to.deep.equal(expected.map((row) => row.cert));
    const byEfficiency = await ask(['Top 5 banks by ROA', `and in ${state}?`, 'what about the lowest efficiency ratio?']);
    const expectedEfficiency = latest().filter((row) => row.state === state && row.efficiency_ratio !== null).sort(byValue((row) => row.efficiency_ratio, 1)).slice(0, 5);
    expect(certsIn(byEfficiency)).to.deep.equal(expectedEfficiency.map((row) => row.cert));
  });

  it("answers a question about 'its' figure with the bank of the previous question, and reads a new bank on its own", async () => {
    const [bank, other] = latest().filter((row) => row.efficiency_ratio !== null);
    const answer = await ask([`Analyze cert ${bank.cert}`, 'what about its efficiency ratio?']);
    expect(certsIn(answer)).to.include(bank.cert);
    expect(answer).to.include(`${bank.efficiency_ratio!.toFixed(2)}%`);
    const switched = await ask([`Analyze cert ${bank.cert}`, `what about cert ${other.cert}?`]);
    expect(certsIn(switched)).to.include(other.cert).and.not.include(bank.cert);
  });

  it("quotes one bank's figure for the quarter asked, found by its name", async () => {
    const older = quarters[2];
    const bank = rows.find((row) => row.repdte === older && row.roa !== null)!;
    const quarterName = `Q${Math.ceil(Number(older.slice(4, 6)) / 3)} ${older.slice(0, 4)}`;
    const answer = await ask(`What was the ROA of ${bank.name} in ${quarterName}?`);
    expect(answer).to.include(`(#/bank/${bank.cert})`);
    expect(answer).to.include(`${bank.roa!.toFixed(2)}%`);
    expect(answer).to.include(quarterName);
  });

  it('says which quarters it holds when asked about one it does not', async () => {
    const bank = latest()[0];
    const answer = await ask(`What was the ROA of cert ${bank.cert} in Q1 1990?`);
    expect(answer).to.match(/No figures are held for Q1 1990/);
  });

  it('analyses one bank by cert with its figures and risk category', async () => {
    const bank = latest().find((row) => row.roa !== null && row.npl_ratio !== null)!;
    const answer = await ask(`Analyze cert ${bank.cert}`);
    expect(answer).to.include(`[${bank.name}](#/bank/${bank.cert})`);
    expect(answer).to.include(`${bank.roa!.toFixed(2)}%`);
    expect(answer).to.match(/(Low|Medium|High) Risk/);
  });

  it('compares a bank with the average of banks of 50% to 150% of its assets', async () => {
    const bank = latest().filter((row) => row.assets !== null).sort(byValue((row) => row.assets, -1))[40];
    const peers = latest().filter((row) => row.cert !== bank.cert && row.assets !== null && row.assets >= bank.assets! * 0.5 && row.assets <= bank.assets! * 1.5);
    const inState = peers.filter((row) => row.state === bank.state);
    const group = inState.length >= 5 ? inState : peers;
    const withRoa = group.filter((row) => row.roa !== null);
    const average = withRoa.reduce((sum, row) => sum + row.roa!, 0) / withRoa.length;
    const answer = await ask(`Compare cert ${bank.cert} with its peers`);
    expect(answer).to.include(`against ${group.length} peers`);
    expect(answer).to.include(`| Return on assets (ROA) | ${bank.roa!.toFixed(2)}% | ${average.toFixed(2)}% |`);
  });

  it('describes the market with the count of active banks and total assets', async () => {
    const banks = latest();
    const answer = await ask('Give me market statistics');
    expect(answer).to.include(`Active institutions: ${banks.length.toLocaleString('en-US')}`);
    const total = banks.reduce((sum, row) => sum + (row.assets ?? 0), 0);
    expect(answer).to.include(`Total assets: $${(total / 1e12 >= 1 ? (total / 1e12).toFixed(2) + 'T' : (total / 1e9).toFixed(2) + 'B')}`);
  });

  it("lists the caller's targets with contacts and open tasks, and never another user's", async () => {
    const knex = context.db.knex;
    const bank = latest()[0];
    const other = randomUUID();
    const now = new Date();
    const common = { version: 1, created_at: now, updated_at: now };
    await knex('targets').insert({ cert: bank.cert, user_id: userId, name: bank.name, is_target: true, ...common });
    await knex('contacts').insert({ id: randomUUID(), user_id: userId, bank_id: bank.cert, name: 'Dana Whitfield', title: 'CFO', is_hot_lead: true, ...common });
    await knex('tasks').insert({ id: randomUUID(), user_id: userId, bank_id: bank.cert, text: 'Send the pricing deck', due_date: '2026-12-01', ...common });
    await knex('contacts').insert({ id: randomUUID(), user_id: other, bank_id: bank.cert, name: 'Secret Person', title: 'CEO', ...common });

    const mine = await ask('Show my targets');
    expect(mine).to.include('Dana Whitfield, CFO').and.include('Send the pricing deck').and.include(`(#/bank/${bank.cert})`);
    expect(mine).not.to.include('Secret Person');
    const theirs = await ask('Show my targets', other);
    expect(theirs).to.match(/no target banks yet/);
    expect(theirs).not.to.include('Dana Whitfield');
  });

  it('explains that news needs the AI service, and says what it can do for anything else', async () => {
    expect(await ask('Any news about banks today?')).to.match(/news needs the AI service/);
    expect(await ask('Write me a poem')).to.match(/Top 10 banks by ROA/);
  });
});

describe('offline template and workflow drafts', () => {
  it('names a drafted template by its kind, audience and topic', async () => {
    const provider = createOfflineAnalyst({} as never);
    const draft = await provider.generateTemplate('A friendly first email to a bank CFO about treasury services', [], { signal: new AbortController().signal });
    expect(draft).to.include({ name: 'Introduction to a CFO: treasury services', category: 'introduction' });
  });

  const templates = [
    { id: 'f', name: 'Follow up', category: 'follow-up' },
    { id: 'i', name: 'Intro', category: 'introduction' },
  ];
  it('reads the number of touches, a LinkedIn visit and the time span from the prompt, opening with the introduction template', () => {
    expect(draftWorkflow('Three touches over two weeks: an intro email, a LinkedIn visit, then a follow-up email', templates)).to.deep.equal({
      name: '3-step outreach with a LinkedIn visit over 13 days',
      steps: [
        { day: 1, type: 'Email', templateId: 'i' },
        { day: 7, type: 'LinkedIn Visit' },
        { day: 13, type: 'Email', templateId: 'f' },
      ],
    });
  });

  it('spaces emails every N days when asked, and uses the only template for every email', () => {
    const draft = draftWorkflow('5 emails every 2 days', [{ id: 'only', name: 'Only' }]);
    expect(draft.steps.map((step) => [step.day, step.type, step.templateId])).to.deep.equal([1, 3, 5, 7, 9].map((day) => [day, 'Email', 'only']));
    expect(draft.name).to.equal('5-step outreach over 9 days');
  });
});
