import { expect } from 'chai';
import { describeCliFailure } from './failure.ts';

describe('the closing line of a command-line tool that failed', () => {
  it('says the database stopped answering, that what was stored is kept and how to continue, for a connection lost midway', () => {
    const lost = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(describeCliFailure(lost, 'npm run sync')).to.equal(
      'The database stopped answering, so npm run sync stopped. What it stored is kept: run npm run sync again once the database answers to continue from there.',
    );
  });

  it("gives any other failure's own message", () => {
    expect(describeCliFailure(new Error('FDIC BankFind had a server error (HTTP 500).'), 'npm run sync')).to.equal('FDIC BankFind had a server error (HTTP 500).');
  });
});
