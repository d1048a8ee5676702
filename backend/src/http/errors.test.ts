import Router from '@koa/router';
import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import type { Feature } from '../services.ts';

const failing: Feature = {
  name: 'failing',
  routes: () => {
    const router = new Router();
    router.get('/api/data/explode', () => {
      throw new Error('database password is hunter2');
    });
    return router;
  },
};

describeWithDatabase('error answers', (context) => {
  let app: TestApp;
  let token: string;
  before(async () => {
    app = await startTestApp(context.db, { features: [failing] });
    token = (await app.signUp()).token;
  });
  after(async () => app.stop());

  it('answers an unexpected failure with 500, a request id and no internals', async () => {
    const response = await app.request('/api/data/explode', { token, headers: { 'x-request-id': 'req-123' } });
    expect(response.status).to.equal(500);
    expect(response.body.requestId).to.equal('req-123');
    expect(response.headers.get('x-request-id')).to.equal('req-123');
    expect(response.text).not.to.include('hunter2');
    expect(response.text).not.to.match(/at .*\.ts:\d+/);
    expect(response.body.msg).to.match(/quote the request id/);
  });

  it('answers an unknown API route with 404 problem details', async () => {
    const response = await app.request('/api/nothing-here');
    expect(response.status).to.equal(404);
    expect(response.headers.get('content-type')).to.match(/application\/problem\+json/);
    expect(response.body).to.include({ status: 404, title: 'Not Found' });
  });

  it('refuses a JSON body sent as another content type with 415', async () => {
    const response = await app.request('/api/auth/login', { method: 'POST', body: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.status).to.equal(415);
  });
});
