import { expect } from 'chai';
import { apiJson, apiUrl, ApiError, errorMessageOf, http } from '../../../frontend/src/providers/http.ts';
import { onAuthError, readToken, saveSession } from '../../../frontend/src/providers/session.ts';
import { useMemoryStorage } from '../support/memory-storage.ts';
import { sessionToken } from '../support/session-token.ts';

type Call = { url: string; init: RequestInit };

describe('frontend http client', () => {
  const realFetch = globalThis.fetch;
  let calls: Call[];
  let answer: () => Response;

  beforeEach(() => {
    calls = [];
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer();
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('builds query strings leaving out missing values', () => {
    expect(apiUrl('/api/x', { a: 1, b: undefined, c: null, d: 'two words' })).to.equal('/api/x?a=1&d=two+words');
    expect(apiUrl('/api/x')).to.equal('/api/x');
  });

  it('sends JSON bodies and parses JSON answers', async () => {
    answer = () => new Response(JSON.stringify({ ok: true }), { status: 200 });
    const result = await http.post<{ ok: boolean }>('/api/services/thing', { a: 1 });
    expect(result).to.deep.equal({ ok: true });
    expect(calls[0].init.method).to.equal('POST');
    expect(calls[0].init.body).to.equal('{"a":1}');
    expect((calls[0].init.headers as Record<string, string>)['content-type']).to.equal('application/json');
  });

  it('uses msg, then message, then the generic text for errors', async () => {
    expect(errorMessageOf({ msg: 'from msg', message: 'from message' })).to.equal('from msg');
    expect(errorMessageOf({ message: 'from message' })).to.equal('from message');
    expect(errorMessageOf('not json')).to.equal('API request failed');
    answer = () => new Response(JSON.stringify({ message: 'Bank not found.' }), { status: 404 });
    const error = await apiJson('/api/x').catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).message).to.equal('Bank not found.');
    expect((error as ApiError).status).to.equal(404);
  });

  it('sends a call refused with 401 again with the new token when the session was renewed meanwhile, without signing out', async () => {
    const restoreStorage = useMemoryStorage();
    let raised = 0;
    const stop = onAuthError(() => (raised += 1));
    const [oldToken, newToken] = [sessionToken('u1', 1), sessionToken('u1', 2)];
    try {
      saveSession(oldToken, { id: 'u1', name: 'Ada', email: 'ada@example.com' });
      answer = () => {
        // A password change in another tab renews the session while this call is under way.
        if (calls.length === 1) {
          saveSession(newToken, { id: 'u1', name: 'Ada', email: 'ada@example.com' });
          return new Response(JSON.stringify({ msg: 'Your session has ended.' }), { status: 401 });
        }
        return new Response(JSON.stringify({ ok: true }), { status: 200 });
      };
      expect(await apiJson('/api/data/banks')).to.deep.equal({ ok: true });
      expect(calls.map((call) => (call.init.headers as Record<string, string>).authorization)).to.deep.equal([`Bearer ${oldToken}`, `Bearer ${newToken}`]);
      expect(raised).to.equal(0);

      // A session refused with no newer one is over: once, and the sign-out is raised.
      calls = [];
      answer = () => new Response(JSON.stringify({ msg: 'Your session has ended.' }), { status: 401 });
      await apiJson('/api/data/banks').catch(() => undefined);
      expect(calls).to.have.length(1);
      expect(raised).to.equal(1);
      expect(readToken()).to.equal(newToken);
    } finally {
      stop();
      restoreStorage();
    }
  });

  for (const [when, signInElsewhere] of [
    ['another user signed in meanwhile', () => saveSession(sessionToken('u2', 2), { id: 'u2', name: 'Ola', email: 'ola@example.com' })],
    // Another tab writes the token a moment before the user: read between the two, the stored user is still Ada.
    ["another user's token is stored and their user not yet", () => localStorage.setItem('charterline.token', sessionToken('u2', 2))],
  ] as const) {
    it(`does not send a refused call again when ${when}: it would make the first user's change in their account`, async () => {
      const restoreStorage = useMemoryStorage();
      let raised = 0;
      const stop = onAuthError(() => (raised += 1));
      const adaToken = sessionToken('u1', 1);
      try {
        saveSession(adaToken, { id: 'u1', name: 'Ada', email: 'ada@example.com' });
        answer = () => {
          // Another tab signs Ada out (her token is revoked) and Ola in while this call is under way.
          signInElsewhere();
          return new Response(JSON.stringify({ msg: 'Your session has ended.' }), { status: 401 });
        };
        const error = await apiJson('/api/data/contacts', { method: 'POST', body: { name: 'typed by Ada' } }).catch((e: unknown) => e);
        expect((error as ApiError).status).to.equal(401);
        expect(calls.map((call) => (call.init.headers as Record<string, string>).authorization)).to.deep.equal([`Bearer ${adaToken}`]);
        expect(raised).to.equal(1);
      } finally {
        stop();
        restoreStorage();
      }
    });
  }

  it('raises the global sign-out on a 401, except for calls that opt out', async () => {
    let raised = 0;
    const stop = onAuthError(() => (raised += 1));
    try {
      answer = () => new Response(JSON.stringify({ msg: 'Please sign in to continue.' }), { status: 401 });
      await apiJson('/api/data/banks').catch(() => undefined);
      expect(raised).to.equal(1);
      await apiJson('/api/auth/login', { method: 'POST', body: {}, skipAuthError: true }).catch(() => undefined);
      expect(raised).to.equal(1);
    } finally {
      stop();
    }
  });

  it('turns a network failure into a clear ApiError', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const error = (await apiJson('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).to.equal(0);
    expect(error.message).to.match(/Could not reach the server/);
  });

  it('sends a command marked once again after a lost answer under the same Idempotency-Key, and a second command under a new one', async () => {
    let lose = true;
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (lose) {
        lose = false;
        throw new TypeError('fetch failed');
      }
      return new Response('{"id":"e1"}', { status: 202 });
    }) as typeof fetch;
    const send = () => apiJson<{ id: string }>('/api/services/mailgun/send', { method: 'POST', body: { to: 'jane@bank.example' }, once: true });
    await send().catch(() => undefined);
    expect((await send()).id).to.equal('e1');
    await send();
    const keys = calls.map((call) => new Headers(call.init.headers).get('Idempotency-Key'));
    expect(keys[0]).to.match(/^[0-9a-f]{32}$/);
    expect(keys[1]).to.equal(keys[0]);
    expect(keys[2]).to.not.equal(keys[0]);
  });
});
