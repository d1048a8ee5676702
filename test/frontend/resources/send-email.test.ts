import { expect } from 'chai';
import { ApiError } from '../../../frontend/src/providers/http.ts';
import { reasonOf } from '../../../frontend/src/resources/shared/problem.ts';
import { newIdempotencyKey } from '../../../frontend/src/providers/http.ts';
import { defaultEmail, sendFailedText, sentText, unsettledSendText } from '../../../frontend/src/resources/sent-emails/send.ts';

describe('sending an email', () => {
  it('starts with a subject about the bank and a greeting of the contact', () => {
    expect(defaultEmail('First Community Bank', 'Jane Doe')).to.deep.equal({ subject: 'Regarding opportunities with First Community Bank', body: 'Hi Jane Doe,' });
  });

  it('says who the email was sent to', () => {
    expect(sentText('Jane Doe')).to.equal('Email successfully sent to Jane Doe.');
  });

  it('prefixes the reason of a failure once', () => {
    expect(sendFailedText('Mailgun refused the domain.')).to.equal('Failed to send email. Mailgun refused the domain.');
    expect(sendFailedText('Failed to send email. No mail service is configured: add your Mailgun key and sending domain in Settings › Data Enrichment.')).to.equal(
      'Failed to send email. No mail service is configured: add your Mailgun key and sending domain in Settings › Data Enrichment.',
    );
    expect(sendFailedText(null)).to.equal('Failed to send email.');
  });

  it('says why the server refused a send in words, not naming the field as the code does', () => {
    const refused = new ApiError('body: Body can be at most 100,000 characters.', 400, {
      message: 'body: Body can be at most 100,000 characters.',
      issues: [{ path: 'body', message: 'Body can be at most 100,000 characters.' }],
    });
    expect(sendFailedText(reasonOf(refused, ''))).to.equal('Failed to send email. Body can be at most 100,000 characters.');
    expect(reasonOf(new ApiError('No mail service is configured.', 503, {}), '')).to.equal('No mail service is configured.');
  });

  it('says a send no answer settled may be queued, and goes again unchanged at most once', () => {
    expect(unsettledSendText('Could not reach the server. Check your connection and try again.')).to.equal(
      'Could not reach the server. Check your connection and try again. The email may already be queued: press Send Email again to find out. It will not be sent twice, and it cannot be changed until then.',
    );
  });

  it('makes a different idempotency key for every send', () => {
    const first = newIdempotencyKey();
    expect(first).to.match(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).to.not.equal(first);
  });
});
