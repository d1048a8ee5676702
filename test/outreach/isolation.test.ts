import { expect } from 'chai';
import { describeWithDatabase } from '../support/database.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { insureResourceBanks, resourceCases } from './resources.ts';

describeWithDatabase('outreach records are private to their owner', (context) => {
  let app: TestApp;
  let owner: string;
  let intruder: string;
  before(async () => {
    app = await startTestApp(context.db);
    owner = (await app.signUp('Owner')).token;
    intruder = (await app.signUp('Intruder')).token;
    await insureResourceBanks(context.db.knex);
  });
  after(async () => app.stop());

  for (const testCase of resourceCases) {
    describe(testCase.resource, () => {
      let id: string;
      let original: unknown;
      before(async () => {
        id = await testCase.create(app, owner, 1);
        original = (await app.request(`/api/data/${testCase.resource}/${id}`, { token: owner })).body;
      });

      it("never lists another user's record", async () => {
        const theirs = await app.request(`/api/data/${testCase.resource}?range=[0,499]`, { token: intruder });
        expect(theirs.status).to.equal(200);
        expect(theirs.body.map((record: { id: unknown }) => String(record.id))).not.to.include(id);
        const byId = await app.request(`/api/data/${testCase.resource}?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`, { token: intruder });
        expect(byId.body).to.deep.equal([]);
      });

      it('answers an empty list, not an error, for a malformed id in the filter', async () => {
        const response = await app.request(`/api/data/${testCase.resource}?filter=${encodeURIComponent(JSON.stringify({ id: ['not-an-id', '../etc'] }))}`, { token: owner });
        expect(response.status).to.equal(200);
        expect(response.body).to.deep.equal([]);
      });

      it("answers 404 for another user's record, its history, and any change or deletion of it", async () => {
        expect((await app.request(`/api/data/${testCase.resource}/${id}`, { token: intruder })).status).to.equal(404);
        expect((await app.request(`/api/data/${testCase.resource}/${id}/history`, { token: intruder })).status).to.equal(404);
        if (testCase.change) {
          const put = await app.request(`/api/data/${testCase.resource}/${id}`, { method: 'PUT', token: intruder, body: testCase.change });
          expect(put.status).to.be.oneOf([404, 405]);
        }
        const del = await app.request(`/api/data/${testCase.resource}/${id}`, { method: 'DELETE', token: intruder });
        expect(del.status).to.be.oneOf(testCase.deletable === false ? [404, 405] : [404]);
      });

      it('leaves the record exactly as its owner left it', async () => {
        const now = await app.request(`/api/data/${testCase.resource}/${id}`, { token: owner });
        expect(now.status).to.equal(200);
        expect(now.body).to.deep.equal(original);
      });
    });
  }
});
