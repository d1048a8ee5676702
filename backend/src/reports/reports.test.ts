import { expect } from 'chai';
import type { RecordedEvent } from '../eventstore/types.ts';
import { contactEvents } from '../outreach/contacts/events.ts';
import { sentEmailEvents } from '../outreach/sent-emails/events.ts';
import { reports } from './reports.ts';
import { taskEvents } from '../outreach/tasks/events.ts';
import { enrolmentEvents } from '../outreach/enrolments/events.ts';
import { targetEvents } from '../outreach/targets/events.ts';
import { foldReportEvent, initialReportState, type ReportState } from './state.ts';

const ownerId = '0b6f8a3e-7c1d-4e2a-9f5b-1a2b3c4d5e6f';
const contactId = '5d1c2a9e-0b7e-4c55-9a51-3f0b7a1e2d44';
const emailId = '7e2d3b4c-5a6f-4b8e-9c0d-1e2f3a4b5c6d';
const utc = { timeZone: 'UTC', until: new Date('2026-11-10T12:00:00Z') };

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

const contact = { streamId: `contact-${contactId}`, event: contactEvents.ContactAdded.create({ contactId, ownerId, bankId: 701, bankName: 'Gamma Bank', name: 'Jane Roe', title: 'CFO', email: 'jane@gamma.example', linkedinUrl: null, tags: [], addressHeld: false }) };
const email = `sent-email-${emailId}`;
const queuedAndSent = [
  { streamId: email, event: sentEmailEvents.EmailQueued.create({ emailId, ownerId, contactId, bankId: 701, bankName: 'Gamma Bank', recipientName: 'Jane Roe', recipientEmail: 'jane@gamma.example', subject: 'Hello', body: 'Hi', queuedAt: '2026-11-10T10:00:00Z' }) },
  { streamId: email, event: sentEmailEvents.EmailSent.create({ sentAt: '2026-11-10T10:00:05Z', providerMessageId: 'm-1' }) },
];

describe('report figures folded from the events', () => {
  it('counts an email the provider later reported as bounced for good as neither sent nor reaching its contact', () => {
    const state = fold([contact, ...queuedAndSent, { streamId: email, event: sentEmailEvents.EmailBounced.create({ bouncedAt: '2026-11-10T10:01:00Z', severity: 'permanent', reason: '550 No such mailbox', providerEventId: 'e-1' }) }]);
    expect(reports['emails-per-week'](state, utc)).to.deep.equal([]);
    expect(reports.funnel(state).find((stage) => stage.stage === 'Emailed')?.count).to.equal(0);
  });

  it('still counts an email whose delivery was only delayed (a temporary bounce) as sent', () => {
    const state = fold([contact, ...queuedAndSent, { streamId: email, event: sentEmailEvents.EmailBounced.create({ bouncedAt: '2026-11-10T10:01:00Z', severity: 'temporary', reason: 'Mailbox full', providerEventId: 'e-1' }) }]);
    expect(reports['emails-per-week'](state, utc)).to.deep.equal([{ week: '2026-11-09', count: 1 }]);
    expect(reports.funnel(state).find((stage) => stage.stage === 'Emailed')?.count).to.equal(1);
  });

  it('names a contact\'s bank as the tracked bank was named at the report\'s moment, the name saved with the contact when the bank is not tracked', () => {
    const gamma = `target-${ownerId}-701`;
    const tracked = { streamId: gamma, event: targetEvents.BankTracked.create({ cert: 701, ownerId, name: 'Gamma Bank', city: 'Austin', state: 'TX', zip: null, address: null, website: null, financials: {}, notes: '', tags: [], linkedinCompanyUrl: null, targetedAt: '2026-11-10T09:00:00Z' }) };
    const renamed = { streamId: gamma, event: targetEvents.BankSnapshotRefreshed.create({ details: { name: 'Gamma Bank & Trust' }, financials: {} }) };
    const bankNames = (state: ReportState) => reports.contacts(state).map((row) => row.bankName);
    expect(bankNames(fold([tracked, contact])), 'before the rename').to.deep.equal(['Gamma Bank']);
    expect(bankNames(fold([tracked, contact, renamed])), 'after it').to.deep.equal(['Gamma Bank & Trust']);
    expect(bankNames(fold([tracked, contact, renamed, { streamId: gamma, event: targetEvents.BankUntracked.create({}) }])), 'no longer tracked').to.deep.equal(['Gamma Bank']);
  });

  const completedTask = (id: string, completedAt: string) => [
    { streamId: `task-${id}`, event: taskEvents.TaskCreated.create({ taskId: id, ownerId, text: 'Call', dueDate: '2027-01-04', bankId: 701 }) },
    { streamId: `task-${id}`, event: taskEvents.TaskCompleted.create({ completedAt }) },
  ];

  it('writes every week from the first busy one until the report\'s moment, a quiet week as 0, across a year\'s end', () => {
    const state = fold([...completedTask('1c0e9d1a-2b3c-4d5e-8f70-81a2b3c4d5e6', '2026-12-22T10:00:00Z'), ...completedTask('2c0e9d1a-2b3c-4d5e-8f70-81a2b3c4d5e6', '2027-01-06T10:00:00Z')]);
    expect(reports['tasks-per-week'](state, { timeZone: 'UTC', until: new Date('2027-01-20T09:00:00Z') })).to.deep.equal([
      { week: '2026-12-21', count: 1 },
      { week: '2026-12-28', count: 0 },
      { week: '2027-01-04', count: 1 },
      { week: '2027-01-11', count: 0 },
      { week: '2027-01-18', count: 0 },
    ]);
  });

  it("ends a series in the week of the report's moment on the reader's calendar", () => {
    const state = fold(completedTask('1c0e9d1a-2b3c-4d5e-8f70-81a2b3c4d5e6', '2026-11-04T10:00:00Z'));
    // Monday 9 November 03:00 UTC is still Sunday evening in New York: the week of 2 November there.
    const until = new Date('2026-11-09T03:00:00Z');
    expect(reports['tasks-per-week'](state, { timeZone: 'America/New_York', until })).to.deep.equal([{ week: '2026-11-02', count: 1 }]);
    expect(reports['tasks-per-week'](state, { timeZone: 'UTC', until })).to.deep.equal([
      { week: '2026-11-02', count: 1 },
      { week: '2026-11-09', count: 0 },
    ]);
  });

  const enrolment = (id: string, ...later: Array<{ type: string; data: Record<string, unknown>; schemaVersion: number }>) =>
    [
      enrolmentEvents.EnrolmentStarted.create({
        enrolmentId: id,
        ownerId,
        workflowId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        workflowName: 'Intro',
        steps: [{ day: 1, type: 'Email' }],
        contactId,
        contactName: 'Jane Roe',
        bankId: 701,
        bankName: 'Gamma Bank',
        timeZone: 'UTC',
        startedAt: '2026-11-10T10:00:00Z',
      }),
      ...later,
    ].map((event) => ({ streamId: `enrolment-${id}`, event }));

  it('counts each enrolment once, by where it stands: the automation outcomes add up to the enrolments', () => {
    const state = fold([
      ...enrolment(
        '1e0f9a8b-7c6d-4a3b-8c2d-5e4f9a8b7c6d',
        enrolmentEvents.EnrolmentPaused.create({ pausedAt: '2026-11-10T11:00:00Z' }),
        enrolmentEvents.EnrolmentResumed.create({ resumedAt: '2026-11-10T11:30:00Z' }),
        enrolmentEvents.EnrolmentStopped.create({ reason: 'replied', detail: 'Jane Roe replied.', stoppedAt: '2026-11-10T12:00:00Z' }),
      ),
      ...enrolment('2e0f9a8b-7c6d-4a3b-8c2d-5e4f9a8b7c6d', enrolmentEvents.EnrolmentStopped.create({ reason: 'manual', detail: 'Stopped by you.', stoppedAt: '2026-11-10T12:00:00Z' })),
      ...enrolment('3e0f9a8b-7c6d-4a3b-8c2d-5e4f9a8b7c6d', enrolmentEvents.EnrolmentCompleted.create({ completedAt: '2026-11-10T12:00:00Z' })),
      ...enrolment('4e0f9a8b-7c6d-4a3b-8c2d-5e4f9a8b7c6d', enrolmentEvents.EnrolmentPaused.create({ pausedAt: '2026-11-10T11:00:00Z' })),
      ...enrolment('5e0f9a8b-7c6d-4a3b-8c2d-5e4f9a8b7c6d'),
    ]);
    expect(reports.automation(state)).to.deep.equal([
      { outcome: 'active', count: 1 },
      { outcome: 'paused', count: 1 },
      { outcome: 'completed', count: 1 },
      { outcome: 'stopped:replied', count: 1 },
      { outcome: 'stopped:manual', count: 1 },
    ]);
  });

  it('answers no weeks when nothing was counted', () => {
    expect(reports['emails-per-week'](initialReportState(), utc)).to.deep.equal([]);
  });
});
