import { expect } from 'chai';
import { awaitingOutcome, mailboxCountLine, newestFirst, nextSelection, recipientLine, retryNote, searchEmails } from '../../../frontend/src/resources/sent-emails/mailbox.ts';

const email = (id: string, fields: Partial<{ recipientName: string | null; recipientEmail: string; bankName: string | null; subject: string; sentAt: string | null; queuedAt: string | null; createdAt: string }>) => ({
  id,
  recipientName: 'Jane Doe',
  recipientEmail: 'jane@bank.com',
  bankName: 'First Bank',
  subject: 'Hello',
  sentAt: null,
  queuedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  ...fields,
});

describe('sent mailbox', () => {
  it('lists the newest first, a queued email by when it was queued', () => {
    const emails = [
      email('old', { sentAt: '2026-01-02T00:00:00Z' }),
      email('queued', { queuedAt: '2026-01-04T00:00:00Z', createdAt: '2026-01-04T00:00:00Z' }),
      email('new', { sentAt: '2026-01-03T00:00:00Z' }),
    ];
    expect(newestFirst(emails).map((e) => e.id)).to.deep.equal(['queued', 'new', 'old']);
  });

  it('searches recipient name and address, bank and subject, case and accents aside', () => {
    const emails = [
      email('a', { recipientName: 'Ann Lee', recipientEmail: 'ann@alpha.com', bankName: 'Alpha Bank', subject: 'Intro' }),
      email('b', { recipientName: 'Bob Roe', recipientEmail: 'bob@beta.com', bankName: 'Beta Trust', subject: 'Deposits' }),
      email('c', { recipientName: 'José Núñez', recipientEmail: 'jose@gamma.com', bankName: 'Gamma Bank', subject: 'Hello' }),
    ];
    expect(searchEmails(emails, 'ann').map((e) => e.id)).to.deep.equal(['a']);
    expect(searchEmails(emails, 'BETA TRUST').map((e) => e.id)).to.deep.equal(['b']);
    expect(searchEmails(emails, 'bob@').map((e) => e.id)).to.deep.equal(['b']);
    expect(searchEmails(emails, 'deposits').map((e) => e.id)).to.deep.equal(['b']);
    expect(searchEmails(emails, 'nunez').map((e) => e.id)).to.deep.equal(['c']);
    expect(searchEmails(emails, '  ')).to.have.length(3);
  });

  it('counts what it shows of every email, and of every match when a search finds more than it loaded', () => {
    expect(mailboxCountLine({ shown: 500, total: 5000 })).to.equal('500 of 5,000 emails shown');
    expect(mailboxCountLine({ shown: 3, total: 5000, matches: 3, loadedMatches: 3 })).to.equal('3 of 5,000 emails shown');
    expect(mailboxCountLine({ shown: 500, total: 5000, matches: 1700, loadedMatches: 500 })).to.equal('500 of 1,700 matching emails shown');
  });

  it('selects the first match when nothing is selected', () => {
    expect(nextSelection(null, [{ id: 'a' }, { id: 'b' }])).to.equal('a');
  });

  it('keeps the selection while it is shown and moves to the first match when it is filtered out', () => {
    expect(nextSelection('b', [{ id: 'a' }, { id: 'b' }])).to.equal('b');
    expect(nextSelection('c', [{ id: 'a' }, { id: 'b' }])).to.equal('a');
    expect(nextSelection('c', [])).to.equal(null);
  });

  it("writes the recipient as 'To: name <email>'", () => {
    expect(recipientLine({ recipientName: 'Jane Doe', recipientEmail: 'jane@bank.com' })).to.equal('To: Jane Doe <jane@bank.com>');
    expect(recipientLine({ recipientName: null, recipientEmail: 'jane@bank.com' })).to.equal('To: <jane@bank.com>');
  });

  it('waits for an outcome only while queued or sending', () => {
    expect(['queued', 'sending', 'sent', 'failed', 'unknown', 'dismissed'].filter((status) => awaitingOutcome(status as never))).to.deep.equal(['queued', 'sending']);
  });

  it('says why an email is still queued after a try, and that it is tried again by itself', () => {
    expect(retryNote({ status: 'queued', failureReason: 'The SMTP server could not be reached.' })).to.equal('Not sent yet: The SMTP server could not be reached. It will be tried again shortly.');
    expect(retryNote({ status: 'queued', failureReason: null })).to.equal(null);
    expect(retryNote({ status: 'failed', failureReason: 'The SMTP server could not be reached. Gave up after 4 attempts.' })).to.equal(null);
  });
});
