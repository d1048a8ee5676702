import { expect } from 'chai';
import { HunterDouble, hunterDoubleKey } from '../../../../test/doubles/hunter-double.ts';
import { HunterClient } from './client.ts';

describe('Hunter client', () => {
  let double: HunterDouble;
  let client: HunterClient;
  before(async () => {
    double = await new HunterDouble({
      'bank.com': [
        { value: 'info@bank.com', first_name: null, last_name: null, position: null, confidence: 99, type: 'generic' },
        { value: 'Jane.Doe@bank.com', first_name: 'Jane', last_name: 'Doe', position: 'Chief Financial Officer', confidence: 94, linkedin: 'https://www.linkedin.com/in/janedoe' },
        { value: 'bob@bank.com', first_name: 'Bob', last_name: 'Roe', position: 'CEO', confidence: 97, linkedin: 'bobroe' },
        { value: 'eve@bank.com', first_name: 'Eve', last_name: null, position: null, confidence: 40, linkedin: 'https://evil.example/in/eve' },
      ],
    }).start();
    client = new HunterClient({ baseUrl: double.url, timeoutMs: 300, retry: { baseDelayMs: 1, maxDelayMs: 2 }, pendingPollMs: 1 });
  });
  after(async () => double.stop());
  afterEach(() => {
    double.malformed = false;
  });

  it('finds the people of a domain, named people first by confidence, with only linkedin.com profiles kept', async () => {
    const result = await client.domainSearch(hunterDoubleKey, 'bank.com');
    expect(result).to.include({ domain: 'bank.com', organization: 'Organisation of bank.com', total: 4 });
    expect(result.contacts.map((contact) => contact.email)).to.deep.equal(['bob@bank.com', 'jane.doe@bank.com', 'eve@bank.com', 'info@bank.com']);
    expect(result.contacts[0]).to.deep.include({ name: 'Bob Roe', title: 'CEO', linkedinUrl: 'https://www.linkedin.com/in/bobroe', confidence: 97, source: 'Hunter' });
    expect(result.contacts[2].linkedinUrl).to.equal(null);
    expect(result.contacts[3]).to.include({ name: 'info@bank.com', title: '' });
  });

  it("reads the verifier's status as the product's verdict", async () => {
    expect(await client.verifyEmail(hunterDoubleKey, 'jane@bank.com')).to.deep.equal({ status: 'valid', result: 'deliverable', score: 96 });
    expect(await client.verifyEmail(hunterDoubleKey, 'risky@bank.com')).to.include({ result: 'risky', score: 55 });
    expect(await client.verifyEmail(hunterDoubleKey, 'invalid@bank.com')).to.include({ result: 'undeliverable' });
  });

  it('asks again while Hunter is still verifying (202), then gives up with a clear message', async () => {
    const error = await client.verifyEmail(hunterDoubleKey, 'pending@bank.com').catch((e) => e);
    expect(error).to.include({ status: 504, code: 'hunter_timeout' });
    expect(double.requests.filter((request) => request.params.get('email') === 'pending@bank.com')).to.have.length(3);
  });

  it('retries a rate limit and a server error, then succeeds', async () => {
    double.inject({ status: 429, retryAfterSeconds: 0 });
    double.inject({ status: 503 });
    expect((await client.verifyEmail(hunterDoubleKey, 'jane@bank.com')).result).to.equal('deliverable');
  });

  it('maps a refused key, a lasting rate limit, a server error, a dropped connection and a timeout to messages', async () => {
    expect(await client.account('wrong-key').catch((e) => e)).to.include({ status: 400, code: 'hunter_key_rejected' });
    double.inject({ status: 429, times: 3 });
    expect(await client.account(hunterDoubleKey).catch((e) => e)).to.include({ status: 429, message: "Hunter.io's rate limit was reached. Please wait a minute and try again." });
    double.inject({ status: 500, times: 3 });
    expect(await client.account(hunterDoubleKey).catch((e) => e)).to.include({ status: 502, code: 'hunter_unavailable' });
    double.inject({ dropConnection: true, times: 3 });
    expect(await client.account(hunterDoubleKey).catch((e) => e)).to.include({ status: 502, code: 'hunter_unavailable' });
    const never = new Promise(() => undefined);
    double.inject({ holdUntil: never, times: 3 });
    expect(await client.account(hunterDoubleKey).catch((e) => e)).to.include({ status: 504, message: 'Hunter.io did not answer in time. Please try again.' });
  });

  it("passes on Hunter's own explanation of a refused request", async () => {
    const error = await client.domainSearch(hunterDoubleKey, '').catch((e) => e);
    expect(error).to.include({ status: 400, code: 'hunter_refused' });
    expect(error.message).to.include('missing the domain parameter');
  });

  it('refuses an answer that is not in the documented shape instead of passing it on', async () => {
    double.malformed = true;
    expect(await client.verifyEmail(hunterDoubleKey, 'jane@bank.com').catch((e) => e)).to.include({ status: 502, message: 'Empty response from verification service.' });
    expect(await client.domainSearch(hunterDoubleKey, 'bank.com').catch((e) => e)).to.include({ code: 'hunter_bad_answer' });
  });
});
