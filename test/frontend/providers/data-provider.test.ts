import { expect } from 'chai';
import { dataProvider } from '../../../frontend/src/providers/dataProvider.ts';

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
