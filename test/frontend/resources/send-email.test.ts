import { expect } from 'chai';
import { defaultEmail, newIdempotencyKey, sendFailedText, sentText } from '../../../frontend/src/resources/sent-emails/send.ts';

describe('sending an email', () => {
  it('starts with a subject about the bank and a greeting of the contact', () => {
    expect(defaultEmail('First Community Bank', 'Jane Doe')).to.deep.equal({ subject: 'Regarding opportunities with First Community Bank', body: 'Hi Jane Doe,' });
  });

  it('says who the email was sent to', () => {
    expect(sentText('Jane Doe')).to.equal('Email successfully sent to Jane Doe.');
  });

  it('prefixes the reason of a failure once', () => {
    expect(sendFailedText('Mailgun refused the domain.')).to.equal('Failed to send email. Mailgun refused the domain.');
    expect(sendFailedText('Failed to send email. No mail service is configured: add a Mailgun key in Settings.')).to.equal(
      'Failed to send email. No mail service is configured: add a Mailgun key in Settings.',
    );
    expect(sendFailedText(null)).to.equal('Failed to send email.');
  });

  it('makes a different idempotency key for every send', () => {
    const first = newIdempotencyKey();
    expect(first).to.match(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).to.not.equal(first);
  });
});
