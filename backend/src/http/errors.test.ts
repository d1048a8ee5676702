import Router from '@koa/router';
import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { Conflict, NotFound, RecordNotFound, RuleBroken, StaleVersion, type DomainError } from '../commands/errors.ts';
import type { Feature } from '../services.ts';
import { readAfterCommit } from './errors.ts';

const failing: Feature = {
  name: 'failing',
  routes: () => {
    const router = new Router();
    router.get('/api/data/explode', () => {
      throw new Error('database password is hunter2');
    });
    const refusals: Record<string, DomainError> = {
      rule: new RuleBroken('Step 1: an email step needs a template.', { issues: [{ path: 'steps.0.templateId', message: 'x' }] }),
      missing: new NotFound('This bank is not tracked yet.'),
      foreign: new RecordNotFound('Task'),
      conflict: new Conflict('This task already exists.'),
      stale: new StaleVersion(7),
    };
    router.get('/api/data/refused/:kind', (ctx) => {
      throw refusals[ctx.params.kind];
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

  it('answers each kind of refused command with its status, its message and its details', async () => {
    const answer = (kind: string) => app.request(`/api/data/refused/${kind}`, { token });
    const rule = await answer('rule');
    expect(rule.status).to.equal(400);
    expect(rule.body).to.include({ message: 'Step 1: an email step needs a template.', title: 'Bad Request' });
    expect(rule.body.issues[0].path).to.equal('steps.0.templateId');
    expect((await answer('missing')).status).to.equal(404);
    expect((await answer('foreign')).body).to.include({ status: 404, message: 'Task not found.' });
    expect((await answer('conflict')).body).to.include({ status: 409, message: 'This task already exists.' });
    expect((await answer('stale')).body).to.include({ status: 412, currentVersion: 7 });
  });

  it('answers an unknown API route with 404 problem details', async () => {
    const response = await app.request('/api/nothing-here');
    expect(response.status).to.equal(404);
    expect(response.headers.get('content-type')).to.match(/application\/problem\+json/);
    expect(response.body).to.include({ status: 404, title: 'Not Found' });
    const bare = await app.request('/api');
    expect(bare.status).to.equal(404);
    expect(bare.headers.get('content-type')).to.match(/application\/problem\+json/);
    expect(bare.body).to.include({ message: 'No API route for GET /api.' });
  });

  it('refuses a JSON body sent as another content type with 415', async () => {
    const response = await app.request('/api/auth/login', { method: 'POST', body: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.status).to.equal(415);
  });

  it('answers a method a route does not take with 405 and Allow before the type of its body or the credentials', async () => {
    for (const path of ['/api/auth/me', '/api/data/explode']) {
      const response = await app.request(path, { method: 'POST', body: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(response.status, path).to.equal(405);
      expect(response.headers.get('allow')).to.equal('HEAD, GET');
      expect(response.body).to.include({ status: 405, title: 'Method Not Allowed', message: `${path} does not take POST: it answers HEAD, GET.` });
    }
  });

  it('answers a method no API route takes (PROPFIND, PURGE) with 501 problem details, as every other API error', async () => {
    for (const method of ['PROPFIND', 'PURGE']) {
      const response = await app.request('/api/auth/me', { method });
      expect(response.status, method).to.equal(501);
      expect(response.headers.get('content-type'), method).to.match(/application\/problem\+json/);
      expect(response.body).to.include({ status: 501, title: 'Not Implemented', message: `The API does not take the ${method} method.` });
    }
  });
});

describe('reading what a command wrote, to answer it', () => {
  const lostConnection = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

  it('reads again on another connection when the connection was lost under the read', async () => {
    let attempts = 0;
    const row = await readAfterCommit(async () => {
      attempts += 1;
      if (attempts < 3) throw lostConnection();
      return { id: 'task-1' };
    });
    expect(row).to.deep.equal({ id: 'task-1' });
    expect(attempts).to.equal(3);
  });

  it('gives up once its pauses are spent, and at once on any other failure', async () => {
    let attempts = 0;
    const lost = await readAfterCommit(async () => {
      attempts += 1;
      throw lostConnection();
    }, [1, 1, 1]).catch((error: unknown) => error);
    expect((lost as { code?: string }).code).to.equal('57P01');
    expect(attempts).to.equal(4);
    attempts = 0;
    const broken = await readAfterCommit(async () => {
      attempts += 1;
      throw new Error('column "nope" does not exist');
    }).catch((error: unknown) => error);
    expect((broken as Error).message).to.match(/nope/);
    expect(attempts).to.equal(1);
  });
});
