import { expect } from 'chai';
import { describeNetworkError } from './http.ts';

describe('regulator client network errors', () => {
  const fetchFailure = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(`getaddrinfo ${code} api.fdic.gov`), { code }) });

  it('says in words what a network failure means, keeping its code', () => {
    expect(describeNetworkError(fetchFailure('ENOTFOUND'))).to.equal("its host name could not be found; check this server's internet connection and DNS (ENOTFOUND)");
    expect(describeNetworkError(fetchFailure('ECONNREFUSED'))).to.equal('the connection was refused (ECONNREFUSED)');
  });

  it('gives a code it has no words for, or the message when there is no code', () => {
    expect(describeNetworkError(fetchFailure('EPROTO'))).to.equal('EPROTO');
    expect(describeNetworkError(new TypeError('fetch failed'))).to.equal('fetch failed');
  });
});
