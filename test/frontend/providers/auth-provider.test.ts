import { expect } from 'chai';
import { authProvider, SIGN_IN_PATH } from '../../../frontend/src/providers/authProvider.ts';
import { markUnsavedChange, readToken, saveSession } from '../../../frontend/src/providers/session.ts';
import { useMemoryStorage } from '../support/memory-storage.ts';

describe('frontend auth provider: the session check on a page load', () => {
  const realFetch = globalThis.fetch;
  let restoreStorage: () => void;
  let answer: () => Promise<Response>;
  let token: string;

  beforeEach(() => {
    restoreStorage = useMemoryStorage();
    globalThis.fetch = (() => answer()) as typeof fetch;
    // A token of its own per test: the provider checks a token with the server once per page load.
    token = `token-${Math.random()}`;
    saveSession(token, { id: 'u1', name: 'Ada', email: 'ada@example.com' });
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    restoreStorage();
  });

  it('signs out when the server answers that the session is over (401)', async () => {
    answer = async () => new Response(JSON.stringify({ msg: 'Please sign in to continue.' }), { status: 401 });
    const refusal = await authProvider.checkAuth({}).then(() => undefined, (error: unknown) => error);
    expect(refusal).to.deep.equal({ redirectTo: SIGN_IN_PATH, message: false });
    expect(readToken()).to.equal(null);
  });

  it('keeps the user signed in when the server cannot be reached, and asks again on the next check', async () => {
    answer = () => Promise.reject(new TypeError('fetch failed'));
    await authProvider.checkAuth({});
    expect(readToken()).to.equal(token);
    answer = async () => new Response(JSON.stringify({ msg: 'Please sign in to continue.' }), { status: 401 });
    await authProvider.checkAuth({}).catch(() => undefined);
    expect(readToken()).to.equal(null);
  });

  it('keeps the user signed in when the server fails (503)', async () => {
    answer = async () => new Response(JSON.stringify({ msg: 'The database is not reachable. Try again in a moment.' }), { status: 503 });
    await authProvider.checkAuth({});
    expect(readToken()).to.equal(token);
  });
});

describe('frontend auth provider: a 401 answer to a call of the screens', () => {
  it("signs out on a refused read, but leaves a refused change a failure, so no screen says 'saved' for it", async () => {
    const refusedRead = Object.assign(new Error('Your session has expired.'), { status: 401 });
    expect(await authProvider.checkError(refusedRead).then(() => 'kept', () => 'signed out')).to.equal('signed out');
    const refusedSave = Object.assign(new Error('Your session has expired.'), { status: 401 });
    markUnsavedChange(refusedSave);
    expect(await authProvider.checkError(refusedSave).then(() => 'kept', () => 'signed out')).to.equal('kept');
  });
});
