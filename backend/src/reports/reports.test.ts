import { expect } from 'chai';
import type { RecordedEvent } from '../eventstore/types.ts';
import { contactEvents } from '../outreach/contacts/events.ts';
import { sentEmailEvents } from '../outreach/sent-emails/events.ts';
import { reports } from './reports.ts';
import { foldReportEvent, initialReportState, type ReportState } from './state.ts';

const ownerId = '0b6f8a3e-7c1d-4e2a-9f5b-1a2b3c4d5e6f';
const contactId = '5d1c2a9e-0b7e-4c55-9a51-3f0b7a1e2d44';
const emailId = '7e2d3b4c-5a6f-4b8e-9c0d-1e2f3a4b5c6d';
const utc = { timeZone: 'UTC' };

/** Folds events, each as stored in its stream, in the order given. */
function fold(events: Array<{ streamId: string; event: { type: string; data: Record<string, unknown>; schemaVersion: number } }>): ReportState {
  const state = initialReportState();
  events.forEach(({ streamId, event }, index) => {
    const recorded: RecordedEvent = {
      streamId,
      streamVersion: index + 1,
      globalPosition: index + 1,
      type: event.type,
      data: event.data,
      metadata: { userId: ownerId, correlationId: 'c', requestId: 'r', source: 'api', schemaVersion: event.schemaVersion },
      recordedAt: new Date('2026-11-10T12:00:00Z'),
      position: { commit: String(index + 1), prepare: String(index + 1) },
    };
    foldReportEvent(state, recorded);
  });
  return state;
}

const contact = { streamId: `contact-${contactId}`, event: contactEvents.ContactAdded.create({ contactId, ownerId, bankId: 701, bankName: 'Gamma Bank', name: 'Jane Roe', title: 'CFO', email: 'jane@gamma.example', linkedinUrl: null, tags: [] }) };
const email = `sent-email-${emailId}`;
const queuedAndSent = [
  { streamId: email, event: sentEmailEvents.EmailQueued.create({ emailId, ownerId, contactId, bankId: 701, bankName: 'Gamma Bank', recipientName: 'Jane Roe', recipientEmail: 'jane@gamma.example', subject: 'Hello', body: 'Hi', queuedAt: '2026-11-10T10:00:00Z' }) },
  { streamId: email, event: sentEmailEvents.EmailSent.create({ sentAt: '2026-11-10T10:00:05Z', providerMessageId: 'm-1' }) },
];

describe('report figures folded from the events', () => {
  it('counts an email the provider later reported as bounced for good as neither sent nor reaching its contact', () => {
    const state = fold([contact, ...queuedAndSent, { streamId: email, event: sentEmailEvents.EmailBounced.create({ bouncedAt: '2026-11-10T10:01:00Z', severity: 'permanent', reason: '550 No such mailbox', providerEventId: 'e-1' }) }]);
    expect(reports['emails-per-week'](state, utc)).to.deep.equal([]);
    expect(reports.funnel(state, utc).find((stage) => stage.stage === 'Emailed')?.count).to.equal(0);
  });

  it('still counts an email whose delivery was only delayed (a temporary bounce) as sent', () => {
    const state = fold([contact, ...queuedAndSent, { streamId: email, event: sentEmailEvents.EmailBounced.create({ bouncedAt: '2026-11-10T10:01:00Z', severity: 'temporary', reason: 'Mailbox full', providerEventId: 'e-1' }) }]);
    expect(reports['emails-per-week'](state, utc)).to.deep.equal([{ week: '2026-11-09', count: 1 }]);
    expect(reports.funnel(state, utc).find((stage) => stage.stage === 'Emailed')?.count).to.equal(1);
  });
});
