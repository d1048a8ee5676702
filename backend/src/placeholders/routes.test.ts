import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { loadDemoData } from '../regulator/demo/load.ts';

describeWithDatabase('placeholders API', (context) => {
  let app: TestApp;
  let token: string;
  let otherToken: string;
  let cert: number;
  let bankName: string;
  let contactId: string;
  before(async () => {
    await loadDemoData(context.db.knex, { banks: 5 });
    ({ cert, name: bankName } = await context.db.knex('fdic_institutions').orderBy('cert').first('cert', 'name'));
    app = await startTestApp(context.db);
    token = (await app.signUp('Alex Morgan')).token;
    otherToken = (await app.signUp('Someone Else')).token;
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert, name: bankName } });
    contactId = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: cert, name: 'Jane <b>Doe</b>', title: 'CFO', email: 'jane@first.example' } })).body.id;
  });
  after(async () => app.stop());

  const render = (body: unknown, auth = token) => app.request('/api/services/placeholders/render', { method: 'POST', token: auth, body });

  it('serves the grouped catalogue, the helpers and the starter template', async () => {
    const response = await app.request('/api/data/placeholders', { token });
    expect(response.status).to.equal(200);
    expect(response.body.groups).to.have.length(10);
    expect(response.body.groups[0].placeholders[0]).to.deep.equal({ name: 'contactName', label: 'Contact name', description: "The contact's full name.", kind: 'text', sample: 'Jane Doe' });
    expect(response.body.helpers.map((helper: { name: string }) => helper.name)).to.deep.equal(['money', 'percent', 'count', 'date', 'fallback']);
    expect(response.body.starterTemplates[0]).to.include({ id: 'default-email', category: 'introduction' });
    expect((await app.request('/api/data/placeholders')).status).to.equal(401);
  });

  it("renders a template on a bank and the user's contact, case-insensitively, with the user as sender", async () => {
    const response = await render({ subject: 'About {{BANKNAME}}', body: 'Hi {{ContactFirstName}}, {{totalAssets}} / {{Money TotalAssets}} {{nickname}}\n{{senderName}}', cert, contactId });
    expect(response.status).to.equal(200);
    expect(response.body.subject).to.equal(`About ${bankName}`);
    expect(response.body.body).to.match(/^Hi Jane, \$[\d.]+[TBMK]? \/ \$[\d.]+[TBMK]? N\/A\nAlex Morgan$/);
    expect(response.body.unknown).to.deep.equal(['nickname']);
    expect(response.body.missing).to.deep.equal([]);
  });

  it('renders {{@root.name}} as the placeholder and {{this}} as an unknown N/A, never [object Object]', async () => {
    const response = await render({ subject: '{{@root.BankName}}', body: 'Dear {{this}}', cert, contactId });
    expect(response.body).to.include({ subject: bankName, body: 'Dear N/A' });
    expect(response.body.unknown).to.deep.equal(['this']);
  });

  it("fills the AI placeholders from the user's own saved summary of the bank, and N/A for another user", async () => {
    const template = { subject: 'Notes', body: '{{aiSummary}}', cert };
    expect((await render(template)).body).to.include({ body: 'N/A' }).and.to.have.property('missing').that.includes('aiSummary');
    const generated = await app.request('/api/services/gemini/analyze-bank', { method: 'POST', token, body: { bankData: { name: bankName }, cert } });
    expect(generated.status).to.equal(200);
    expect((await render(template)).body.body).to.equal(generated.body.analysis.trim());
    expect((await render(template, otherToken)).body.body).to.equal('N/A');
  });

  it('escapes values in HTML output, leaves text output plain, and lists missing values', async () => {
    const html = await render({ body: '<p>{{contactName}}</p> {{contactLinkedIn}}', contactId, format: 'html' });
    expect(html.body.body).to.equal('<p>Jane &lt;b&gt;Doe&lt;/b&gt;</p> N/A');
    expect(html.body.missing).to.deep.equal(['contactLinkedIn']);
    expect((await render({ body: '{{contactName}} {{bankName}}', contactId })).body.body).to.equal('Jane <b>Doe</b> N/A');
  });

  it("writes {{today}} as the writer's calendar day when given, and refuses a day that is not a date", async () => {
    expect((await render({ body: '{{today}}', today: '2026-11-28' })).body.body).to.equal('Nov 28, 2026');
    expect((await render({ body: '{{today}}', today: 'tomorrow' })).body.message).to.equal('today: today must be a date like 2026-12-31.');
  });

  it('previews blocks closed or continued in another letter case', async () => {
    const response = await render({ subject: '{{#IF bankName}}{{bankName}}{{/If}}', body: '{{#If contactTitle}}Dear {{contactTitle}}{{ELSE}}Hello{{/if}}', cert, contactId });
    expect(response.status).to.equal(200);
    expect(response.body).to.include({ subject: bankName, body: 'Dear CFO' });
  });

  it('answers a syntax error with 400 naming the part, line and column', async () => {
    const response = await render({ subject: 'ok', body: 'Hello\nDear {{bankName}' });
    expect(response.status).to.equal(400);
    expect(response.body).to.include({ field: 'body', line: 2, column: 16 });
    expect(response.body.message).to.match(/^Template syntax error in the body at line 2, column 16: /);
  });

  it('fills in a template as long as a template may be, and refuses a longer text with 400', async () => {
    const longest = `Dear {{contactName}},\n${'x'.repeat(100_000 - 'Dear {{contactName}},\n'.length)}`;
    const saved = await app.request('/api/data/templates', { method: 'POST', token, body: { name: 'Long letter', category: 'custom', subject: 'Long', body: longest } });
    expect(saved.status, saved.text).to.equal(201);
    const rendered = await render({ body: longest, cert, contactId });
    expect(rendered.status, rendered.text).to.equal(200);
    expect(rendered.body.body.startsWith('Dear Jane <b>Doe</b>,\n')).to.equal(true);
    expect((await render({ body: `${longest}x` })).body.message).to.equal('body: Body can be at most 100,000 characters.');
  });

  it("refuses another user's contact and an unknown bank with 404, and bad input with 400", async () => {
    expect((await render({ body: '{{contactName}}', contactId }, otherToken)).status).to.equal(404);
    const unknownBank = await render({ body: 'x', cert: 99_999_999 });
    expect(unknownBank.status).to.equal(404);
    expect(unknownBank.body.message).to.equal('Bank 99999999 not found.');
    expect((await render({ body: 42 })).body.message).to.equal('body: Body must be text.');
    expect((await render({ body: 'x', contactId: 'nobody' })).body.message).to.equal('contactId: contactId must be a contact id.');
    expect((await render({ body: 'x', extra: true })).status).to.equal(400);
  });
});
