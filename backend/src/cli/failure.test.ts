import { expect } from 'chai';
import { describeCliFailure } from './failure.ts';

describe('the closing line of a command-line tool that failed', () => {
  const afterLoss = 'What it stored is kept: run npm run sync again once the database answers to continue from there.';

  it('says the database stopped answering, then what stays and how to go on, for a connection lost midway', () => {
    for (const lost of [Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), new Error('Connection terminated unexpectedly')]) {
      expect(describeCliFailure(lost, 'npm run sync', afterLoss)).to.equal(
        'The database stopped answering, so npm run sync stopped. What it stored is kept: run npm run sync again once the database answers to continue from there.',
      );
    }
  });

  it("gives any other failure's own message", () => {
    expect(describeCliFailure(new Error('FDIC BankFind had a server error (HTTP 500).'), 'npm run sync', afterLoss)).to.equal('FDIC BankFind had a server error (HTTP 500).');
  });
});
