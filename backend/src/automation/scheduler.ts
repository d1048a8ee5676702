import type { Knex } from 'knex';
import { PlaceholderSyntaxError, placeholderValues, renderEmail } from '../../../domain/placeholders/index.ts';
import { runningEnrolmentStatuses } from '../../../domain/records/enrolment.ts';
import { handleCommand } from '../commands/handle-command.ts';
import { WrongExpectedVersionError, type EventStore, type NewEvent } from '../eventstore/types.ts';
import { Conflict, DomainError } from '../commands/errors.ts';
import { HttpError } from '../http/errors.ts';
import { logger } from '../logging/logger.ts';
import { runWithContext, systemContext } from '../context/request-context.ts';
import { NoMailServiceError, type Outbox } from '../mail/outbox.ts';
import type { EnrolmentCommand } from '../outreach/enrolments/commands.ts';
import { enrolmentDecider, type EnrolmentState } from '../outreach/enrolments/decider.ts';
import { enrolmentStreamId } from '../outreach/enrolments/events.ts';
import { closedSinceStartSql, doNotContactDetail, joinStopConditions, noMailServiceStop, stopConditionColumns, stopReasonOf, type StopConditions } from '../outreach/enrolments/stop-conditions.ts';
import { taskDecider } from '../outreach/tasks/decider.ts';
import type { WorkflowStep } from '../outreach/workflows/events.ts';
import { loadPlaceholderContext, placeholderContact, type PlaceholderContext } from '../placeholders/values.ts';
import { readAutomationSettings, type AutomationSettings } from '../settings/settings.ts';
import { stepRecordId } from './record-ids.ts';
import { earliestDueAt, sendWindowOf } from './enrol.ts';
import { isOpen, localDay, scheduleAt, startOfNextDay, type SendWindow } from './send-window.ts';
import { unsubscribeRoutePrefix } from './unsubscribe-routes.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';
import { visitTaskText } from './visit-task.ts';
import { createPollingWorker, handleBatch, type PollingWorker } from '../jobs/polling-worker.ts';

export type SchedulerOptions = {
  knex: Knex;
  eventStore: EventStore;
  outbox: Outbox;
  /** Where the unsubscribe links point (the app's public address). */
  publicUrl: string;
  /** Signs unsubscribe links. */
  linkSecret: string;
  /** The clock and the dice, for tests. */
  now?: () => Date;
  random?: () => number;
  /** Enrolments taken per round, and run at the same time. */
  batchSize?: number;
  concurrency?: number;
  pollIntervalMs?: number;
  /** Steps due at once are spread over this many minutes. */
  spreadMinutes?: number;
};

export type Scheduler = PollingWorker & {
  /** One round: stops enrolments that must stop, then runs the steps that are due. Returns how many it ran (a step that failed is not counted). */
  runOnce(): Promise<number>;
};

/** Why a workflow's email was not sent: its template names placeholders the catalogue lacks, each shown as written. */
const unknownPlaceholdersText = (names: readonly string[]) =>
  `The template names ${names.length === 1 ? 'a placeholder that does not exist' : 'placeholders that do not exist'}: ${names.map((name) => `{{${name}}}`).join(', ')}. Correct the template, then enrol the contact again.`;

/** A step late by more than this is not sent in a burst when a worker comes back: it is scheduled again. */
const catchUpLimitMs = 24 * 60 * 60_000;
const hour = 60 * 60_000;
const day = 24 * hour;

/** An enrolment with a step due, and what the step needs to know about its contact and bank. */
type DueRow = {
  id: string;
  user_id: string;
  version: number;
  steps: WorkflowStep[];
  next_step_index: number;
  next_due_at: Date;
  started_at: Date;
  contact_id: string;
  contact_name: string;
  bank_id: number;
  email: string | null;
  title: string;
  linkedin_url: string | null;
  bank_state: string | null;
};

/** Every enrolment of every user, with the rows its stop conditions are read from. */
const enrolmentsWithStopConditions = (knex: Knex) => joinStopConditions(knex, knex('enrolments as e'), 'e');

/**
 * The automation scheduler. Each round it stops the enrolments that must stop, then runs the steps
 * that are due inside their send window: an Email step renders its template and goes through the
 * outbox, a LinkedIn Visit step creates a task naming the contact's profile address. A step's email and task have ids derived from the
 * enrolment and step, and the step is recorded at the stream version it was read at, so two
 * schedulers running the same step create one email or task and record it once. The daily cap is
 * a counter row per user and local day, taken with one conditional update, so workers share it.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { knex, eventStore, outbox } = options;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const batchSize = options.batchSize ?? 200;
  const concurrency = options.concurrency ?? 10;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const spreadMinutes = options.spreadMinutes ?? 10;

  const record = (userId: string, enrolmentId: string, command: EnrolmentCommand) =>
    runWithContext(systemContext({ userId, source: 'workflow' }), () => handleCommand(eventStore, enrolmentDecider, enrolmentStreamId(enrolmentId), command));

  async function stopWhereNeeded(): Promise<void> {
    const rows: Array<StopConditions & { id: string; user_id: string }> = await enrolmentsWithStopConditions(knex)
      .whereIn('e.status', runningEnrolmentStatuses)
      .where((query) =>
        query
          .whereNull('w.id')
          .orWhereNull('c.id')
          .orWhere('c.bank_id', '<>', knex.ref('e.bank_id'))
          .orWhereNull('t.cert')
          .orWhere('t.is_target', false)
          .orWhere('c.replied_at', '>=', knex.ref('e.started_at'))
          .orWhere('c.restored_at', '>=', knex.ref('e.started_at'))
          .orWhere('w.restored_at', '>=', knex.ref('e.started_at'))
          .orWhere('t.retargeted_at', '>=', knex.ref('e.started_at'))
          .orWhereNotNull('s.email')
          .orWhere('m.status', 'failed')
          .orWhereRaw(closedSinceStartSql('e')),
      )
      .limit(batchSize)
      .select('e.id', 'e.user_id', 'e.workflow_name', 'e.started_at', 'e.bank_id', 'e.bank_closed_when_started', ...stopConditionColumns(knex));
    for (const row of rows) {
      const stop = stopReasonOf(row);
      if (stop) await record(row.user_id, row.id, { type: 'StopEnrolment', userId: row.user_id, at: now().toISOString(), ...stop });
    }
  }

  /**
   * The slot of one email in the user's cap for the local day: taken once per email, whichever worker
   * asks ('held' for a worker running a step another has taken it for), so workers racing for one
   * step never hold two slots between them and leave another step to find the cap falsely reached.
   * The count is taken with a conditional update of the day's counter row, which workers queue on.
   */
  function takeSendSlot(userId: string, dayKey: string, cap: number, emailId: string): Promise<'taken' | 'held' | 'full'> {
    return knex.transaction(async (trx) => {
      const claimed = await trx.raw('insert into automation_send_slots (user_id, day, email_id) values (?, ?, ?) on conflict do nothing returning email_id', [userId, dayKey, emailId]);
      if (claimed.rows.length === 0) return 'held';
      const counted = await trx.raw(
        `insert into automation_send_counts (user_id, day, sent) values (?, ?, 1)
         on conflict (user_id, day) do update set sent = automation_send_counts.sent + 1 where automation_send_counts.sent < ?
         returning sent`,
        [userId, dayKey, cap],
      );
      if (counted.rows.length > 0) return 'taken';
      await trx('automation_send_slots').where({ user_id: userId, day: dayKey, email_id: emailId }).delete();
      return 'full';
    });
  }
  /** Frees an email's slot (nothing was sent with it); of workers freeing the same slot, only the first counts it. */
  const giveBackSendSlot = (userId: string, dayKey: string, emailId: string) =>
    knex.raw(
      `with freed as (delete from automation_send_slots where user_id = ? and day = ? and email_id = ? returning email_id)
       update automation_send_counts set sent = sent - 1 where user_id = ? and day = ? and sent > 0 and exists (select 1 from freed)`,
      [userId, dayKey, emailId, userId, dayKey],
    );

  /** What one round loads once per user (settings) or per user and bank or template, not once per step. */
  type Round = { settings: Map<string, Promise<AutomationSettings>>; contexts: Map<string, Promise<PlaceholderContext>>; templates: Map<string, Promise<{ subject: string; body: string } | undefined>> };
  const once = <T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> => {
    if (!cache.has(key)) cache.set(key, load());
    return cache.get(key)!;
  };

  /** When the step after this one runs: at its earliest (this step running now), inside the window. */
  function nextDueAt(row: DueRow, window: SendWindow): string | null {
    if (!row.steps[row.next_step_index + 1]) return null;
    const earliest = earliestDueAt({ steps: row.steps, stepIndex: row.next_step_index + 1, startedAt: row.started_at, previousStepAt: now(), timeZone: window.timeZone });
    return scheduleAt(window, earliest, { random, spreadMinutes }).toISOString();
  }

  async function sendEmail(row: DueRow, step: WorkflowStep, window: SendWindow, settings: AutomationSettings, round: Round): Promise<EnrolmentCommand> {
    const at = now();
    const base = { userId: row.user_id, stepIndex: row.next_step_index, at: at.toISOString() };
    const templateId = step.templateId;
    const template = templateId ? await once(round.templates, `${row.user_id}:${templateId}`, () => knex('templates').where({ id: templateId, user_id: row.user_id }).first('subject', 'body')) : undefined;
    if (!template) return { type: 'SkipStep', ...base, reason: "The step's template was deleted.", nextDueAt: nextDueAt(row, window) };
    if (!row.email) return { type: 'SkipStep', ...base, reason: 'The contact has no email address.', nextDueAt: nextDueAt(row, window) };
    const dayKey = localDay(at, window.timeZone);
    const emailId = stepRecordId(row.id, row.next_step_index, 'email');
    if ((await takeSendSlot(row.user_id, dayKey, settings.dailySendCap, emailId)) === 'full') {
      const dueAt = scheduleAt(window, startOfNextDay(at, window.timeZone), { random, spreadMinutes }).toISOString();
      return { type: 'RescheduleStep', userId: row.user_id, stepIndex: row.next_step_index, dueAt, reason: `daily send cap of ${settings.dailySendCap} reached` };
    }
    try {
      const context = await once(round.contexts, `${row.user_id}:${row.bank_id}`, () => loadPlaceholderContext(knex, { userId: row.user_id, cert: row.bank_id }));
      const values = placeholderValues({ ...context, contact: placeholderContact({ ...row, name: row.contact_name }), today: dayKey });
      const rendered = renderEmail({ subject: template.subject, body: template.body }, values);
      // Nobody reads a workflow's email before it goes: a placeholder the catalogue lacks would reach the contact as N/A.
      if (rendered.unknown.length > 0) throw new DomainError(unknownPlaceholdersText(rendered.unknown));
      const link = `${options.publicUrl}${unsubscribeRoutePrefix}/${unsubscribeToken(options.linkSecret, { userId: row.user_id, enrolmentId: row.id, emailId })}`;
      await outbox.queue({
        id: emailId,
        queuedAt: at,
        userId: row.user_id,
        to: row.email,
        recipientName: row.contact_name,
        contactId: row.contact_id,
        bankId: row.bank_id,
        subject: rendered.subject,
        body: `${rendered.body}\n\n--\nTo stop receiving these emails, unsubscribe here: ${link}`,
        unsubscribeUrl: link,
      });
    } catch (error) {
      if (error instanceof Conflict) {
        // Already queued by another worker (or by this one before a crash): the step is recorded below once. Queued
        // today, that email keeps today's slot; queued on an earlier day (its record lost), it was not sent today.
        const queued: { queued_at: Date } | undefined = await knex('sent_emails').where({ id: emailId }).first('queued_at');
        if (queued && localDay(queued.queued_at, window.timeZone) !== dayKey) await giveBackSendSlot(row.user_id, dayKey, emailId);
      } else {
        // Nothing was sent with the slot: it goes back.
        await giveBackSendSlot(row.user_id, dayKey, emailId);
        // Refused before it was queued (Do Not Contact, no mail service, the contact or bank gone), or a template saved
        // before templates were checked that cannot be read: the enrolment stops with the reason instead of failing every round.
        if (error instanceof NoMailServiceError) return { type: 'StopEnrolment', userId: row.user_id, at: base.at, ...noMailServiceStop };
        if (error instanceof HttpError || error instanceof DomainError || error instanceof PlaceholderSyntaxError) {
          // The outbox's refusal names the address; the enrolment's detail must not.
          return /Do Not Contact/.test(error.message)
            ? { type: 'StopEnrolment', userId: row.user_id, at: base.at, reason: 'do-not-contact', detail: doNotContactDetail }
            : { type: 'StopEnrolment', userId: row.user_id, at: base.at, reason: 'send-failed', detail: error.message };
        }
        throw error;
      }
    }
    return { type: 'RecordStepSent', ...base, emailId, taskId: null, nextDueAt: nextDueAt(row, window) };
  }

  async function createVisitTask(row: DueRow, window: SendWindow): Promise<EnrolmentCommand> {
    const at = now();
    const taskId = stepRecordId(row.id, row.next_step_index, 'task');
    try {
      await handleCommand(eventStore, taskDecider, `task-${taskId}`, {
        type: 'CreateTask',
        taskId,
        userId: row.user_id,
        text: visitTaskText(row.contact_name, row.linkedin_url),
        dueDate: localDay(at, window.timeZone),
        bankId: row.bank_id,
        contactId: row.contact_id,
        at: at.toISOString(),
      });
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
    }
    return { type: 'RecordStepSent', userId: row.user_id, stepIndex: row.next_step_index, at: at.toISOString(), emailId: null, taskId, nextDueAt: nextDueAt(row, window) };
  }

  async function runStep(row: DueRow, round: Round): Promise<void> {
    const settings = await once(round.settings, row.user_id, () => readAutomationSettings(knex, row.user_id));
    const window = sendWindowOf(settings, row.bank_state);
    const at = now();
    const step = row.steps[row.next_step_index];
    const late = at.getTime() - row.next_due_at.getTime() > catchUpLimitMs;
    let command: EnrolmentCommand;
    if (late || !isOpen(window, at)) {
      // A worker that was down sends nothing in a burst: a step is sent in its window, or moved to the next one.
      const dueAt = scheduleAt(window, at, { random, spreadMinutes }).toISOString();
      command = { type: 'RescheduleStep', userId: row.user_id, stepIndex: row.next_step_index, dueAt, reason: late ? 'missed by more than a day' : 'outside the send window' };
    } else if (step.type === 'Email') {
      command = await runWithContext(systemContext({ userId: row.user_id, source: 'workflow' }), () => sendEmail(row, step, window, settings, round));
    } else {
      command = await runWithContext(systemContext({ userId: row.user_id, source: 'workflow' }), () => createVisitTask(row, window));
    }
    await recordAt(row, command);
  }

  /**
   * Decides against the state the read row shows and appends at its version, without reading the
   * stream first. If the stream moved on (another worker, a pause), the command is decided again on
   * the stream as it is, where a step already recorded appends nothing.
   */
  async function recordAt(row: DueRow, command: EnrolmentCommand): Promise<void> {
    const state: EnrolmentState = { status: 'active', ownerId: row.user_id, steps: row.steps, nextStepIndex: row.next_step_index, dueAt: row.next_due_at.toISOString(), stopReason: null };
    const events = enrolmentDecider.decide(command, state);
    if (events.length === 0) return;
    try {
      await runWithContext(systemContext({ userId: row.user_id, source: 'workflow' }), () =>
        eventStore.append(enrolmentStreamId(row.id), events as unknown as NewEvent[], { expectedVersion: row.version }),
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      await record(row.user_id, row.id, command);
    }
  }

  /**
   * The send cap counts a user's local day, and no time zone is two days from UTC: slots and
   * counts of days before that can never be asked for again, and are deleted (once an hour).
   */
  let prunedAt: number | undefined;
  async function forgetSpentDays(): Promise<void> {
    const at = now().getTime();
    if (prunedAt !== undefined && at - prunedAt < hour) return;
    prunedAt = at;
    const before = new Date(at - 2 * day).toISOString().slice(0, 10);
    await knex('automation_send_slots').where('day', '<', before).delete();
    await knex('automation_send_counts').where('day', '<', before).delete();
  }

  /** The moment in `column` (a reply, a restore, a bank targeted again) is none, or before the enrolment started. */
  const noneSinceStart = (column: string) => (query: Knex.QueryBuilder) => query.whereNull(column).orWhere(column, '<', knex.ref('e.started_at'));

  async function runOnce(): Promise<number> {
    await forgetSpentDays();
    await stopWhereNeeded();
    const due: DueRow[] = await enrolmentsWithStopConditions(knex)
      .where('e.status', 'active')
      .where('e.next_due_at', '<=', now())
      // a row that must stop is stopped by the next round's check, never sent to
      .whereNotNull('w.id')
      .whereNotNull('c.id')
      .where('c.bank_id', knex.ref('e.bank_id'))
      .where(noneSinceStart('c.replied_at'))
      .where(noneSinceStart('c.restored_at'))
      .where(noneSinceStart('w.restored_at'))
      .where('t.is_target', true)
      .where(noneSinceStart('t.retargeted_at'))
      .whereNull('s.email')
      .where((query) => query.whereNull('m.status').orWhereNot('m.status', 'failed'))
      .whereRaw(`not (${closedSinceStartSql('e')})`)
      .orderBy('e.next_due_at')
      .limit(batchSize)
      .select('e.id', 'e.user_id', 'e.version', 'e.steps', 'e.next_step_index', 'e.next_due_at', 'e.started_at', 'e.contact_id', 'e.contact_name', 'e.bank_id', 'c.email', 'c.title', 'c.linkedin_url', 't.state as bank_state');
    const round: Round = { settings: new Map(), contexts: new Map(), templates: new Map() };
    return handleBatch(due, concurrency, (row) => runStep(row, round), (row, error) =>
      logger.error('automation step failed', { enrolmentId: row.id, error: error instanceof Error ? error.message : String(error) }),
    );
  }

  return { ...createPollingWorker({ name: 'automation', pollIntervalMs, round: runOnce }), runOnce };
}
