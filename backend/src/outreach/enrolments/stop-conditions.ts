import type { Knex } from 'knex';
import { closureText, type ClosureFacts } from '../../../../domain/bank-closure.ts';
import { closureFactsSql, closureOfFacts } from '../../regulator/queries/closure.ts';
import { noMailServiceReason } from '../../mail/transports.ts';
import type { StopReason } from './events.ts';

/**
 * The rows an enrolment's stop conditions are read from, joined to the enrolments table known in
 * `query` as `enrolments`: its workflow (w), contact (c), bank among the user's targets (t), the Do
 * Not Contact list (s) and its last email (m). Read in one query, so stop conditions coming from
 * anywhere (a workflow or contact deleted, a contact moved to another bank, a bank untracked or
 * closed, a bounce reported by the dispatcher) are noticed without those places knowing about
 * automation.
 */
export const joinStopConditions = (knex: Knex, query: Knex.QueryBuilder, enrolments: string): Knex.QueryBuilder =>
  query
    .leftJoin('workflows as w', (join) => join.on('w.id', `${enrolments}.workflow_id`).andOn('w.user_id', `${enrolments}.user_id`))
    .leftJoin('contacts as c', (join) => join.on('c.id', `${enrolments}.contact_id`).andOn('c.user_id', `${enrolments}.user_id`))
    .leftJoin('targets as t', (join) => join.on('t.user_id', `${enrolments}.user_id`).andOn('t.cert', `${enrolments}.bank_id`))
    .leftJoin('suppressions as s', (join) => join.on('s.user_id', `${enrolments}.user_id`).andOn('s.email', knex.raw('lower(c.email)')))
    .leftJoin('sent_emails as m', 'm.id', `${enrolments}.last_email_id`);

/** The regulator's closure facts of the enrolment's bank (null while it is active), looked up through its target. */
const bankClosureFactsSql = closureFactsSql('t.cert');

/** Whether the enrolment's bank closed after it started (one lookup by cert while the bank is active). */
export const closedSinceStartSql = (enrolments: string) => `(${bankClosureFactsSql}) is not null and not ${enrolments}.bank_closed_when_started`;

/** The joined columns `stopReasonOf` reads, beside the enrolment's own. */
export const stopConditionColumns = (knex: Knex) => [
  'w.id as workflow_exists',
  'w.restored_at as workflow_restored_at',
  'c.id as contact_exists',
  'c.restored_at as contact_restored_at',
  'c.email as contact_email',
  'c.bank_id as contact_bank_id',
  'c.replied_at',
  't.cert as target_cert',
  't.is_target',
  't.retargeted_at',
  's.email as suppressed',
  's.reason as suppression_reason',
  'm.status as email_status',
  'm.failure_reason',
  knex.raw(`(${bankClosureFactsSql}) as bank_closure_facts`),
];

export type StopConditions = {
  workflow_name: string;
  bank_id: number;
  started_at: Date;
  bank_closed_when_started: boolean;
  workflow_exists: string | null;
  workflow_restored_at: Date | null;
  contact_exists: string | null;
  contact_restored_at: Date | null;
  contact_email: string | null;
  contact_bank_id: number | null;
  replied_at: Date | null;
  target_cert: number | null;
  is_target: boolean | null;
  retargeted_at: Date | null;
  suppressed: string | null;
  suppression_reason: string | null;
  email_status: string | null;
  failure_reason: string | null;
  bank_closure_facts: ClosureFacts | null;
};

/** Why an enrolment stopped at the Do Not Contact list: the address it names is left out. */
export const doNotContactDetail = "The contact's address is on your Do Not Contact list.";

/** An enrolment stopped for want of a mail service: no email of it could be sent, none bounced. */
export const noMailServiceStop = { reason: 'no-mail-service', detail: noMailServiceReason } as const;

/** Why an enrolment must stop, from its workflow, contact, bank, last email and the Do Not Contact list, or null. */
export function stopReasonOf(row: StopConditions): { reason: StopReason; detail: string } | null {
  // A deletion, or a bank taken off the targets, stops the automations under way, even one undone before the stop was recorded.
  const undoneSinceStart = (undoneAt: Date | null) => undoneAt !== null && undoneAt >= row.started_at;
  // The steps were copied at enrolment, but a user who deletes a workflow expects its outreach to end.
  if (!row.workflow_exists || undoneSinceStart(row.workflow_restored_at)) return { reason: 'workflow-deleted', detail: `The workflow "${row.workflow_name}" was deleted.` };
  // The details name no one: they are kept as plain text in the enrolment's events, which outlive an erasure of the contact.
  if (!row.contact_exists || undoneSinceStart(row.contact_restored_at)) return { reason: 'contact-deleted', detail: 'The contact was deleted.' };
  // The workflow was chosen for the contact at the bank they were at: mail on that schedule would
  // speak for the old bank.
  if (row.contact_bank_id !== row.bank_id) return { reason: 'contact-moved', detail: 'The contact moved to another bank.' };
  if (row.target_cert === null || row.is_target === false || undoneSinceStart(row.retargeted_at)) return { reason: 'bank-untargeted', detail: 'The bank is no longer among your targets.' };
  // A failed or acquired bank's addresses go with its charter, and its staff leave or move on: mail
  // sent on a schedule set before would go unread. A user who started it knowing was warned then.
  const closure = closureOfFacts(row.bank_closure_facts);
  if (closure && !row.bank_closed_when_started) return { reason: 'bank-closed', detail: `${closureText(closure)}. Its addresses may no longer work.` };
  // A reply stops what was under way when it came; one from before the enrolment was known to whoever started it.
  if (row.replied_at && row.replied_at >= row.started_at) return { reason: 'replied', detail: 'The contact replied.' };
  if (row.suppressed) {
    return row.suppression_reason === 'unsubscribed'
      ? { reason: 'unsubscribed', detail: 'The contact unsubscribed.' }
      : { reason: 'do-not-contact', detail: doNotContactDetail };
  }
  if (row.email_status === 'failed') {
    if (row.failure_reason === noMailServiceReason) return noMailServiceStop;
    // A mail server's reason often quotes the address: it is left out.
    const reason = row.failure_reason && row.contact_email ? row.failure_reason.replaceAll(row.contact_email, "the contact's address") : row.failure_reason;
    return { reason: 'send-failed', detail: `The last email bounced or failed: ${reason ?? 'no reason given'}` };
  }
  return null;
}
