import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { HunterDouble, hunterDoubleKey } from '../../../test/doubles/hunter-double.ts';
import { LinkedinDouble } from '../../../test/doubles/linkedin-double.ts';
import { insureBanks } from '../../../test/support/insured-banks.ts';

describeWithDatabase('contact finding and checking API (Hunter.io, LinkedIn)', (context) => {
  let app: TestApp;
  let hunter: HunterDouble;
  let linkedin: LinkedinDouble;
  let token: string;
  let otherToken: string;
  let contactId: string;
  before(async () => {
    hunter = await new HunterDouble({
      'firstexample.com': [{ value: 'jane@firstexample.com', first_name: 'Jane', last_name: 'Doe', position: 'CFO', confidence: 94 }],
    }).start();
    linkedin = await new LinkedinDouble(new Set(['/company/first-example/', '/in/jane']), {
      '/company/first-example': 'https://www.linkedin.com/company/first-example/',
      '/company/old-name': 'https://www.linkedin.com/company/first-example?trk=moved',
      '/company/runaway': 'https://evil.example/company/runaway',
      '/company/walled': 'https://www.linkedin.com/authwall?sessionRedirect=x',
      '/company/other-port': 'https://www.linkedin.com:8443/company/first-example/',
      '/company/with-user': 'https://user@www.linkedin.com/company/first-example/',
    }).start();
    app = await startTestApp(context.db, { config: { hunterApiUrl: hunter.url, linkedinUrlRewrite: linkedin.url } });
    token = (await app.signUp('Owner')).token;
    otherToken = (await app.signUp('Someone Else')).token;
    await app.request('/api/data/settings', { method: 'PUT', token, body: { hunterApiKey: hunterDoubleKey } });
    await insureBanks(context.db.knex, [628]);
    const contact = await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Jane Doe', title: 'CFO', email: 'jane@firstexample.com' } });
    contactId = contact.body.id;
  });
  after(async () => {
    await app.stop();
    await hunter.stop();
    await linkedin.stop();
  });

  const post = (path: string, body: unknown, auth = token) => app.request(`/api/services/${path}`, { method: 'POST', token: auth, body });

  describe('POST /api/services/hunter/find', () => {
    it("finds a domain's contacts with the user's key, reducing a website to its domain", async () => {
      const response = await post('hunter/find', { domain: 'https://www.FirstExample.com/about' });
      expect(response.status).to.equal(200);
      expect(response.body).to.include({ domain: 'firstexample.com', total: 1 });
      expect(response.body.contacts[0]).to.include({ name: 'Jane Doe', title: 'CFO', email: 'jane@firstexample.com', source: 'Hunter' });
      expect(hunter.requests.at(-1)!.params.get('api_key')).to.equal(hunterDoubleKey);
    });

    it('answers an empty list for a domain Hunter knows nobody at', async () => {
      expect((await post('hunter/find', { domain: 'nobody.com' })).body.contacts).to.deep.equal([]);
    });

    it('rejects something that is not a domain with a field message', async () => {
      const response = await post('hunter/find', { domain: 'not a domain' });
      expect(response.status).to.equal(400);
      expect(response.body.issues[0]).to.deep.equal({ path: 'domain', message: 'Enter a domain like examplebank.com.' });
    });

    it('tells a user without a saved key to add it in Settings, without calling Hunter', async () => {
      const before = hunter.requests.length;
      const response = await post('hunter/find', { domain: 'firstexample.com' }, otherToken);
      expect(response.status).to.equal(400);
      expect(response.body).to.include({ code: 'hunter_key_missing', message: 'Add your Hunter.io API key in Settings → Data Enrichment first.' });
      expect(hunter.requests.length).to.equal(before);
    });

    it('answers a Hunter outage as 502 and a lasting rate limit as 429, never as 401', async () => {
      hunter.inject({ status: 503, times: 3 });
      expect((await post('hunter/find', { domain: 'firstexample.com' })).status).to.equal(502);
      hunter.inject({ status: 429, times: 3 });
      const limited = await post('hunter/find', { domain: 'firstexample.com' });
      expect(limited.status).to.equal(429);
      expect(limited.body.code).to.equal('hunter_rate_limited');
    });
  });

  describe('POST /api/services/hunter/verify', () => {
    it('verifies an address without storing anything when no contact is named', async () => {
      const response = await post('hunter/verify', { email: 'risky@firstexample.com' });
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal({ status: 'accept_all', result: 'risky', score: 55 });
    });

    it("stores the result on the contact as an event and answers the updated contact", async () => {
      const response = await post('hunter/verify', { contactId });
      expect(response.status).to.equal(200);
      expect(response.body).to.include({ result: 'deliverable', score: 96 });
      expect(response.body.contact.verification).to.include({ result: 'deliverable', score: 96 });
      const history = (await app.request(`/api/data/contacts/${contactId}/history`, { token })).body;
      expect(history.at(-1).type).to.equal('ContactEmailVerified');
    });

    it('stores a failed check as error with score 0 and still answers the failure', async () => {
      hunter.inject({ status: 500, times: 3 });
      const response = await post('hunter/verify', { contactId, email: 'JANE@firstexample.com' });
      expect(response.status).to.equal(502);
      expect(response.body.verification).to.deep.equal({ result: 'error', score: 0 });
      expect(response.body.contact.verification).to.include({ result: 'error', score: 0 });
    });

    it("answers 404 for another user's contact without calling Hunter", async () => {
      const before = hunter.requests.length;
      await app.request('/api/data/settings', { method: 'PUT', token: otherToken, body: { hunterApiKey: hunterDoubleKey } });
      expect((await post('hunter/verify', { contactId }, otherToken)).status).to.equal(404);
      expect(hunter.requests.length).to.equal(before);
      await app.request('/api/data/settings', { method: 'PUT', token: otherToken, body: { hunterApiKey: '' } });
    });

    it("refuses an address that is not the contact's, and bad input, with field messages", async () => {
      const other = await post('hunter/verify', { contactId, email: 'someone@else.com' });
      expect(other.status).to.equal(400);
      expect(other.body.issues[0].path).to.equal('email');
      expect((await post('hunter/verify', {})).body.issues[0]).to.deep.equal({ path: 'email', message: 'Enter the email address to verify.' });
      expect((await post('hunter/verify', { email: 'nope' })).status).to.equal(400);
    });
  });

  describe('POST /api/services/hunter/test', () => {
    it("reports the saved key's account, a typed key's refusal and a missing key as success and message", async () => {
      const saved = await post('hunter/test', {});
      expect(saved.body).to.deep.equal({ success: true, message: 'Connected to Hunter.io as dana@firm.example (Free plan): 12 of 25 searches and 3 of 50 verifications used this month.' });
      expect((await post('hunter/test', { hunterApiKey: '••••1a2b' })).body.success).to.equal(true);
      const typed = await post('hunter/test', { hunterApiKey: 'typed-but-wrong' });
      expect(typed.status).to.equal(200);
      expect(typed.body).to.deep.equal({ success: false, message: 'Hunter.io refused the API key. Check it in Settings → Data Enrichment.' });
      expect((await post('hunter/test', {}, otherToken)).body).to.deep.equal({ success: false, message: 'No Hunter.io API key saved yet.' });
    });

    it('tests nothing when the key field was emptied, saying saving now removes the saved key', async () => {
      expect((await post('hunter/test', { hunterApiKey: '' })).body).to.deep.equal({
        success: false,
        message: 'Enter your Hunter.io API key to test the connection. With the field empty, Save API Keys removes the saved key.',
      });
      expect((await post('hunter/test', { hunterApiKey: '' }, otherToken)).body).to.deep.equal({ success: false, message: 'Enter your Hunter.io API key to test the connection.' });
    });
  });

  describe('POST /api/services/linkedin/verify', () => {
    it('accepts a page that exists and answers where redirects end, without tracking parameters', async () => {
      expect((await post('linkedin/verify', { url: 'linkedin.com/in/jane' })).body).to.include({ isValid: true, finalUrl: 'https://linkedin.com/in/jane' });
      expect((await post('linkedin/verify', { url: 'https://www.linkedin.com/company/old-name' })).body).to.include({
        isValid: true,
        finalUrl: 'https://www.linkedin.com/company/first-example/',
      });
    });

    it('rejects a page LinkedIn does not have', async () => {
      expect((await post('linkedin/verify', { url: 'https://www.linkedin.com/company/nobody' })).body).to.include({ isValid: false, checked: true, finalUrl: null });
    });

    it('says the address was not checked, rather than invalid, when LinkedIn fails to answer', async () => {
      expect((await post('linkedin/verify', { url: 'https://www.linkedin.com/busy/in/jane' })).body).to.deep.equal({
        isValid: false,
        checked: false,
        finalUrl: null,
        reason: 'LinkedIn could not be checked right now (HTTP 503).',
      });
    });

    it('accepts an address LinkedIn walls off from automated visitors, keeping the address before the wall', async () => {
      expect((await post('linkedin/verify', { url: 'https://www.linkedin.com/wall/in/private' })).body).to.include({ isValid: true });
      expect((await post('linkedin/verify', { url: 'https://www.linkedin.com/company/walled' })).body).to.include({
        isValid: true,
        finalUrl: 'https://www.linkedin.com/company/walled',
      });
    });

    it('refuses any other host without making a request, first address or redirect alike', async () => {
      const before = linkedin.requests.length;
      for (const url of ['https://evil.example/in/jane', 'https://linkedin.com.evil.example/in/x', 'https://notlinkedin.com/in/x', 'ftp://www.linkedin.com/in/x', 'http://127.0.0.1/in/x']) {
        expect((await post('linkedin/verify', { url })).body, url).to.include({ isValid: false, finalUrl: null, reason: 'Only linkedin.com addresses can be checked.' });
      }
      expect(linkedin.requests.length).to.equal(before);
      const runaway = await post('linkedin/verify', { url: 'https://www.linkedin.com/company/runaway' });
      expect(runaway.body).to.include({ isValid: false, reason: 'The address leads away from LinkedIn.' });
      expect(linkedin.requests.length).to.equal(before + 1);
    });

    it('refuses a port other than the default or a user name in the address, first address or redirect alike, without making a request', async () => {
      const before = linkedin.requests.length;
      for (const url of ['https://www.linkedin.com:8443/in/jane', 'http://www.linkedin.com:443/in/jane', 'https://user@linkedin.com/in/jane', 'https://user:secret@www.linkedin.com/in/jane']) {
        expect((await post('linkedin/verify', { url })).body, url).to.include({ isValid: false, finalUrl: null, reason: 'Only linkedin.com addresses can be checked.' });
      }
      expect(linkedin.requests.length).to.equal(before);
      for (const url of ['https://www.linkedin.com/company/other-port', 'https://www.linkedin.com/company/with-user']) {
        expect((await post('linkedin/verify', { url })).body, url).to.include({ isValid: false, finalUrl: null, reason: 'The address leads away from LinkedIn.' });
      }
      expect(linkedin.requests.length).to.equal(before + 2);
      expect((await post('linkedin/verify', { url: 'https://www.linkedin.com:443/in/jane' })).body).to.include({ isValid: true, finalUrl: 'https://www.linkedin.com/in/jane' });
    });

    it('needs a url', async () => {
      const response = await post('linkedin/verify', {});
      expect(response.status).to.equal(400);
      expect(response.body.issues[0].path).to.equal('url');
    });
  });
});
