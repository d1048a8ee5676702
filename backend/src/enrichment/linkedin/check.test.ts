import { expect } from 'chai';
import { checkLinkedinUrl } from './check.ts';

describe('LinkedIn link check', () => {
  it('says an address was not checked, not that it is invalid, when LinkedIn cannot be reached', async () => {
    const unreachable = (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch;
    expect(await checkLinkedinUrl('https://www.linkedin.com/in/jane', { fetch: unreachable })).to.deep.equal({
      isValid: false,
      checked: false,
      finalUrl: null,
      reason: 'LinkedIn could not be reached.',
    });
  });

  it('says so when LinkedIn does not answer in time', async () => {
    const silent = ((_url: URL, init: RequestInit) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))) as unknown as typeof fetch;
    expect(await checkLinkedinUrl('https://www.linkedin.com/in/jane', { fetch: silent, timeoutMs: 20 })).to.include({ checked: false, reason: 'LinkedIn did not answer in time.' });
  });
});
