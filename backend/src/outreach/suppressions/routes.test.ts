import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { withOutreachApp, type TestApp } from '../../../../test/support/app.ts';

describeWithDatabase('Do Not Contact list API', (context) => {
  let app: TestApp;
  let token: string;
  let otherToken: string;
  withOutreachApp(context, (started) => ({ app, token, otherToken } = started));

  const add = (body: unknown, auth = token) => app.request('/api/data/suppressions', { method: 'POST', token: auth, body });
  const remove = (email: string, auth = token) => app.request(`/api/data/suppressions/${encodeURIComponent(email)}`, { method: 'DELETE', token: auth });
  const listed = async (auth = token) => ((await app.request('/api/data/suppressions', { token: auth })).body as Array<{ email: string; detail: string }>).map((row) => [row.email, row.detail]);

  it('adds an address in lower case with the note given, and keeps the first note when it is added again', async () => {
    const first = await add({ email: ' Dana.Lee@Alpha.example ', detail: 'Asked us on the phone.' });
    expect(first.status, first.text).to.equal(201);
    expect(first.body).to.include({ id: 'dana.lee@alpha.example', email: 'dana.lee@alpha.example', reason: 'manual', detail: 'Asked us on the phone.' });
    const again = await add({ email: 'dana.lee@alpha.example' });
    expect(again.status).to.equal(201);
    expect(again.body.detail).to.equal('Asked us on the phone.');
    expect(await listed()).to.deep.equal([['dana.lee@alpha.example', 'Asked us on the phone.']]);
  });

  it('refuses an address that is not one with 400 naming the field', async () => {
    const response = await add({ email: 'not an address' });
    expect(response.status).to.equal(400);
    expect(response.body.message).to.equal('email: Email must be an email address like name@bank.com.');
  });

  it('refuses an address longer than 320 characters with 400, not 500', async () => {
    // random letters, which do not compress: such an address failed at the list's index
    const response = await add({ email: `${randomBytes(4_500).toString('hex')}@alpha.example` });
    expect(response.status).to.equal(400);
    expect(response.body.message).to.equal('email: An email address can be at most 320 characters.');
  });

  it("takes an address off, answers 404 for one not listed, and never touches another user's list", async () => {
    await add({ email: 'raj@alpha.example' });
    expect((await remove('raj@alpha.example', otherToken)).status).to.equal(404);
    expect(await listed(otherToken)).to.deep.equal([]);
    const removed = await remove('RAJ@alpha.example');
    expect(removed.status, removed.text).to.equal(200);
    expect(removed.body).to.include({ email: 'raj@alpha.example' });
    expect((await remove('raj@alpha.example')).status).to.equal(404);
  });

  it('answers the removal of an address already removed with 404 saying it is not on the list', async () => {
    await add({ email: 'gone@alpha.example' });
    expect((await remove('gone@alpha.example')).status).to.equal(200);
    const again = await remove('gone@alpha.example');
    expect(again.status).to.equal(404);
    expect(again.body.message).to.equal('That address is not on your Do Not Contact list (it may have been removed already).');
  });

  it('searches the list by address on the server and answers it a page at a time with the total', async () => {
    const { token: own } = await app.signUp('Many addresses');
    for (let index = 0; index < 30; index += 1) await add({ email: `person${String(index).padStart(2, '0')}@${index % 3 === 0 ? 'beta' : 'alpha'}.example` }, own);
    const page = (query: string) => app.request(`/api/data/suppressions?${query}`, { token: own });
    const second = await page(`sort=${encodeURIComponent('["email","ASC"]')}&range=${encodeURIComponent('[10,19]')}`);
    expect(second.headers.get('content-range')).to.equal('suppressions 10-19/30');
    expect(second.body.map((row: { email: string }) => row.email)).to.deep.equal(Array.from({ length: 10 }, (_, index) => `person${index + 10}@${(index + 10) % 3 === 0 ? 'beta' : 'alpha'}.example`));
    const searched = await page(`filter=${encodeURIComponent('{"q":"BETA"}')}&range=${encodeURIComponent('[0,4]')}`);
    expect(searched.headers.get('content-range')).to.equal('suppressions 0-4/10');
    expect(searched.body).to.have.length(5);
    expect(searched.body.every((row: { email: string }) => row.email.endsWith('@beta.example'))).to.equal(true);
  });

  it('answers every add and removal of one address sent at the same time, none with a server error', async () => {
    // An add whose address another request takes off before it is read back, or a removal of an
    // address added after the list was read, used to fail on the missing row.
    const statuses = new Set<number>();
    for (let round = 0; round < 25; round += 1) {
      const answers = await Promise.all([add({ email: 'race@alpha.example' }), remove('race@alpha.example'), add({ email: 'race@alpha.example' }), remove('race@alpha.example')]);
      for (const answer of answers) statuses.add(answer.status);
    }
    expect([...statuses].filter((status) => ![200, 201, 404, 409].includes(status))).to.deep.equal([]);
  });
});
