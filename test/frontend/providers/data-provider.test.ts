import { expect } from 'chai';
import { dataProvider } from '../../../frontend/src/providers/dataProvider.ts';
import { onAuthError, saveSession } from '../../../frontend/src/providers/session.ts';
import { useMemoryStorage } from '../support/memory-storage.ts';
import { sessionToken } from '../support/session-token.ts';

describe('frontend data provider: deleting a record another tab deleted first', () => {
  const realFetch = globalThis.fetch;
  let status: number;
  beforeEach(() => {
    globalThis.fetch = (async () => new Response(JSON.stringify({ msg: status === 404 ? 'Task not found.' : 'The database is not reachable.' }), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('takes a record already gone (404) as deleted, one or several', async () => {
    status = 404;
    const task = { id: 't1', text: 'Call Jane' };
    expect((await dataProvider.delete('tasks', { id: 't1', previousData: task })).data).to.deep.equal(task);
    expect((await dataProvider.deleteMany('tasks', { ids: ['t1', 't2'] })).data).to.deep.equal(['t1', 't2']);
  });

  it('still fails a delete the server could not make', async () => {
    status = 503;
    const failure = await dataProvider.delete('tasks', { id: 't1', previousData: { id: 't1' } }).then(() => null, (error: Error) => error);
    expect(failure?.message).to.equal('The database is not reachable.');
  });
});

describe('frontend data provider: a change whose answer is lost, retried or sent twice', () => {
  const realFetch = globalThis.fetch;
  type Sent = { url: string; method: string; key: string | null };
  let sent: Sent[];
  let answers: Array<() => Promise<Response>>;
  const created = (id: string) => async () => new Response(JSON.stringify({ id, text: 'Call the CFO' }), { status: 201, headers: { 'content-type': 'application/json' } });
  const noAnswer = async (): Promise<Response> => {
    throw new TypeError('Failed to fetch');
  };
  const problem = (status: number, body: Record<string, unknown>) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  beforeEach(() => {
    sent = [];
    answers = [];
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      sent.push({ url, method: init.method ?? 'GET', key: new Headers(init.headers).get('Idempotency-Key') });
      return answers.shift()!();
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  const createTask = (text = 'Call the CFO') => dataProvider.create('tasks', { data: { text, bankId: 628, dueDate: '2026-12-07' } });

  it('says the server could not be reached when no answer came, instead of a generic failure', async () => {
    answers.push(noAnswer);
    const failure = (await createTask().catch((error: unknown) => error)) as { message: string; status: number };
    expect(failure.message).to.equal('Could not reach the server. Check your connection and try again.');
    expect(failure.status).to.equal(0);
    answers.push(created('t1'));
    await createTask();
  });

  it('sends a create retried after a lost answer with the same Idempotency-Key, so the server makes it once', async () => {
    answers.push(noAnswer, created('t1'));
    await createTask().catch(() => undefined);
    expect((await createTask()).data.id).to.equal('t1');
    expect(sent).to.have.length(2);
    expect(sent[0].key).to.match(/^[0-9a-f]{32}$/);
    expect(sent[1].key).to.equal(sent[0].key);
  });

  it('keeps the key while the server answers that the first request is still running, and after a server failure', async () => {
    answers.push(problem(409, { message: 'This change is still being made.', idempotencyKeyInUse: true }), problem(503, { message: 'The database is not reachable right now.' }), created('t1'));
    await createTask().catch(() => undefined);
    await createTask().catch(() => undefined);
    await createTask();
    expect(new Set(sent.map((request) => request.key)).size).to.equal(1);
  });

  it('gives the same create made again after an answer a new key: a second task with the same text is a new task', async () => {
    answers.push(created('t1'), created('t2'));
    await createTask();
    await createTask();
    expect(sent[1].key).to.not.equal(sent[0].key);
  });

  it('gives a create the server refused a new key, so trying again after fixing the cause is a new request', async () => {
    answers.push(problem(404, { message: 'Bank 628 is not one of your targets.' }), created('t1'));
    await createTask().catch(() => undefined);
    await createTask();
    expect(sent[1].key).to.not.equal(sent[0].key);
  });

  it('sends a change clicked twice while on its way once, and answers both clicks with its answer', async () => {
    answers.push(created('t1'));
    const [first, second] = await Promise.all([createTask(), createTask()]);
    expect(sent).to.have.length(1);
    expect(first.data.id).to.equal('t1');
    expect(second.data.id).to.equal('t1');
  });

  it('keys an update retried after a lost answer like a create, with its If-Match', async () => {
    answers.push(noAnswer, async () => new Response(JSON.stringify({ id: 't1', text: 'Call the CEO', version: 2 }), { status: 200, headers: { 'content-type': 'application/json' } }));
    const update = () => dataProvider.update('tasks', { id: 't1', data: { text: 'Call the CEO' }, previousData: { id: 't1', version: 1 } });
    await update().catch(() => undefined);
    expect((await update()).data.version).to.equal(2);
    expect(sent.map((request) => request.method)).to.deep.equal(['PUT', 'PUT']);
    expect(sent[1].key).to.equal(sent[0].key);
  });
});

describe('frontend data provider: a session renewed while a call was under way', () => {
  const realFetch = globalThis.fetch;
  let restoreStorage: () => void;
  afterEach(() => {
    globalThis.fetch = realFetch;
    restoreStorage();
  });

  it('saves a change refused with the old token again with the new one, without signing out', async () => {
    restoreStorage = useMemoryStorage();
    const [oldToken, newToken] = [sessionToken('u1', 1), sessionToken('u1', 2)];
    saveSession(oldToken, { id: 'u1', name: 'Ada', email: 'ada@example.com' });
    const tokens: Array<string | null> = [];
    globalThis.fetch = (async (_url: string, init: RequestInit) => {
      tokens.push(new Headers(init.headers).get('Authorization'));
      if (tokens.length === 1) {
        // A password change in another tab issues a new token meanwhile.
        saveSession(newToken, { id: 'u1', name: 'Ada', email: 'ada@example.com' });
        return new Response(JSON.stringify({ msg: 'Your session has ended.' }), { status: 401, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify({ id: 't1', text: 'Call Jane', version: 2 }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    let raised = 0;
    const stop = onAuthError(() => (raised += 1));
    try {
      const saved = await dataProvider.update('tasks', { id: 't1', data: { text: 'Call Jane' }, previousData: { id: 't1', text: 'Call Joe', version: 1 } });
      expect(saved.data).to.include({ id: 't1', text: 'Call Jane' });
      expect(tokens).to.deep.equal([`Bearer ${oldToken}`, `Bearer ${newToken}`]);
      expect(raised).to.equal(0);
    } finally {
      stop();
    }
  });
});
