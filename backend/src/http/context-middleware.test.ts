import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { requestSource } from '../context/request-context.ts';
import { loggedPath } from './context-middleware.ts';
import { insureBanks } from '../../../test/support/insured-banks.ts';

describe('request source', () => {
  it('is ui only for calls the app marks as its own, api for every other client', () => {
    expect(requestSource('/api/data/contacts', 'ui')).to.equal('ui');
    expect(requestSource('/api/data/contacts', '')).to.equal('api');
    expect(requestSource('/api/data/contacts', 'script')).to.equal('api');
  });

  it('lets no client claim to be the AI or a workflow', () => {
    expect(requestSource('/api/data/contacts', 'ai')).to.equal('api');
    expect(requestSource('/api/data/contacts', 'workflow')).to.equal('api');
  });

  it('is api on the public API whatever the header says, and ai on the analyst routes', () => {
    expect(requestSource('/api/public/banks', 'ui')).to.equal('api');
    expect(requestSource('/api/analyst/chat', 'ui')).to.equal('ai');
  });
});

describe('request log', () => {
  it("keeps an unsubscribe link's path without its token, and other paths whole", () => {
    expect(loggedPath('/api/public/unsubscribe/eyJ1IjoiYSJ9.c2ln')).to.equal('/api/public/unsubscribe/[token]');
    expect(loggedPath('/api/data/contacts/5c0b')).to.equal('/api/data/contacts/5c0b');
  });
});

describeWithDatabase('event source stamped from the request', (context) => {
  let app: TestApp;
  let token: string;
  before(async () => {
    app = await startTestApp(context.db);
    token = (await app.signUp('Source Owner')).token;
    await insureBanks(context.db.knex, [{ cert: 628, name: 'First Example Bank' }]);
  });
  after(async () => app.stop());

  async function sourceOfNewContact(headers: Record<string, string>): Promise<string> {
    const created = await app.request('/api/data/contacts', {
      method: 'POST',
      token,
      headers,
      body: { bankId: 628, bankName: 'First Example Bank', name: 'Jo Source', title: 'CFO' },
    });
    expect(created.status).to.equal(201);
    const history = await app.request(`/api/data/contacts/${created.body.id}/history`, { token });
    return history.body[0].source;
  }

  it('stamps a change made with a token and no screen as api', async () => {
    expect(await sourceOfNewContact({})).to.equal('api');
  });

  it("stamps a change made by the app's screens as ui", async () => {
    expect(await sourceOfNewContact({ 'X-Charterline-Source': 'ui' })).to.equal('ui');
  });
});
