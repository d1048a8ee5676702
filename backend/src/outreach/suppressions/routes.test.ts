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
