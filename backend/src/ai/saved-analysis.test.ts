import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';

describeWithDatabase('saved AI analysis API', (context) => {
  let app: TestApp;
  let token: string;
  before(async () => {
    app = await startTestApp(context.db);
    token = (await app.signUp('Analyst Reader')).token;
  });
  after(async () => app.stop());

  it('answers 200 with null when no summary or risk analysis is saved for the bank', async () => {
    for (const kind of ['summary', 'risk']) {
      const response = await app.request(`/api/data/ai-analysis/628/${kind}`, { token });
      expect(response.status).to.equal(200);
      expect(response.text).to.equal('null');
      expect(response.headers.get('content-type')).to.match(/^application\/json/);
    }
  });

  it('refuses an unknown kind or a bank that is not a number with 400 and a message', async () => {
    const kind = await app.request('/api/data/ai-analysis/628/poem', { token });
    expect(kind.status).to.equal(400);
    expect(kind.body.message).to.equal('The kind of analysis must be one of summary, risk, peers.');
    const cert = await app.request('/api/data/ai-analysis/first-bank/summary', { token });
    expect(cert.status).to.equal(400);
    expect(cert.body.message).to.match(/cert/);
  });

  it('needs a signed-in user', async () => {
    expect((await app.request('/api/data/ai-analysis/628/summary')).status).to.equal(401);
  });
});
