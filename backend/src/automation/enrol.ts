import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { handleCommand, readState } from '../commands/handle-command.ts';
import type { EventStore } from '../eventstore/types.ts';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../http/errors.ts';
import { whyOnDoNotContact } from '../../../domain/records/do-not-contact.ts';
import { enrolmentDecider } from '../outreach/enrolments/decider.ts';
import { enrolmentStreamId } from '../outreach/enrolments/events.ts';
import { alreadyUnderWayMessage, enrolmentSlotDecider, enrolmentSlotStreamId } from '../outreach/enrolments/slot.ts';
import type { WorkflowStep } from '../outreach/workflows/events.ts';
import { closureFactsSql } from '../regulator/queries/closure.ts';
import { isRunningEnrolment, runningEnrolmentStatuses } from '../../../domain/records/enrolment.ts';
import { maxStepDay } from '../../../domain/records/workflow.ts';
import { readAutomationSettings, type AutomationSettings } from '../settings/settings.ts';
import { addLocalDays, scheduleAt, zoneFor, type SendWindow } from './send-window.ts';

export type Clock = { now: () => Date; random: () => number; spreadMinutes: number };

/** A claim whose enrolment never started (the request died in between) frees the slot after this. */
const abandonedClaimMs = 60_000;

export function sendWindowOf(settings: AutomationSettings, bankState: string | null): SendWindow {
  return { startHour: settings.sendWindowStartHour, endHour: settings.sendWindowEndHour, days: settings.sendDays, timeZone: zoneFor(settings.timeZone, bankState) };
}

/**
 * The earliest a step may run, before the send window: its day counted from the enrolment's start,
 * and never sooner after the step before it ran than their days are apart. Days are calendar days in
 * `timeZone` (the same wall-clock time, across a daylight-saving change too). A step that ran late (it
 * waited for the window, the daily cap or a resume) moves the later ones with it: a day-1 and a day-2
 * email of an enrolment started on a Saturday went out on Monday minutes apart.
 */
export function earliestDueAt(enrolment: { steps: readonly WorkflowStep[]; stepIndex: number; startedAt: Date; previousStepAt: Date | null; timeZone: string }): Date {
  const { steps, stepIndex, startedAt, previousStepAt, timeZone } = enrolment;
  // A day past the longest a workflow may have (an enrolment made before that limit) waits that long
  // instead of making no date, which failed the step at every round.
  const dayOf = (step: WorkflowStep) => Math.min(step.day, maxStepDay);
  const fromStart = addLocalDays(startedAt, dayOf(steps[stepIndex]) - 1, timeZone);
  if (stepIndex === 0 || !previousStepAt) return fromStart;
  const afterPrevious = addLocalDays(previousStepAt, Math.max(dayOf(steps[stepIndex]) - dayOf(steps[stepIndex - 1]), 0), timeZone);
  return afterPrevious > fromStart ? afterPrevious : fromStart;
}

type ContactRow = {
  id: string;
  name: string;
  bank_id: number;
  bank_name: string | null;
  target_name: string | null;
  is_target: boolean | null;
  state: string | null;
  erased_at: Date | null;
  email: string | null;
  /** The email address in lower case, as mailboxes are matched (and the Do Not Contact list keeps them). */
  address: string | null;
  /** The regulator lists the bank as closed: the screens warned, and the closure will not stop this enrolment. */
  bank_closed: boolean;
};

/** The contact's bank as the screens name it: the tracked bank's current name (it follows a rename), else the name saved with the contact. */
const bankNameOf = (contact: ContactRow) => contact.target_name ?? contact.bank_name ?? `bank ${contact.bank_id}`;

/**
 * Enrols contacts in a workflow: each becomes its own enrolment stream, its first step scheduled in
 * the send window (a day-1 step goes at once when the window is open). Refused as a whole, with every
 * reason, when a contact is not the user's, its bank is not a target, its personal data was erased,
 * its address is on the Do Not Contact list, or it is already enrolled; a refusal's `cannotStart`
 * names those contacts' ids, so a screen can offer to start the others.
 */
export async function startEnrolments(
  deps: { knex: Knex; eventStore: EventStore; clock: Clock },
  request: { userId: string; workflowId: string; contactIds: string[] },
): Promise<string[]> {
  const { knex, eventStore, clock } = deps;
  const { userId } = request;
  const workflow: { id: string; name: string; steps: WorkflowStep[] } | undefined = await knex('workflows').where({ id: request.workflowId, user_id: userId }).first('id', 'name', 'steps');
  if (!workflow) throw new NotFoundError('Workflow');
  if (workflow.steps.length === 0) throw new BadRequestError(`The workflow "${workflow.name}" has no steps yet: add a step before starting it.`);
  const contactIds = [...new Set(request.contactIds)];
  const contacts: ContactRow[] = await knex('contacts as c')
    .leftJoin('targets as t', (join) => join.on('t.user_id', 'c.user_id').andOn('t.cert', 'c.bank_id'))
    .leftJoin('contact_keys as k', 'k.contact_id', 'c.id')
    .where('c.user_id', userId)
    .whereIn('c.id', contactIds)
    .select('c.id', 'c.name', 'c.bank_id', 'c.bank_name', 't.name as target_name', 't.is_target', 't.state', 'k.erased_at', 'c.email', knex.raw('lower(c.email) as address'), knex.raw(`(${closureFactsSql('c.bank_id')}) is not null as bank_closed`));
  if (contacts.length !== contactIds.length) {
    if (contactIds.length === 1) throw new NotFoundError('Contact');
    // Deleted since the screen listed them (another tab, say): the others can still go.
    const found = new Set(contacts.map((contact) => contact.id));
    const missing = contactIds.filter((id) => !found.has(id));
    const who = missing.length === 1 ? 'A contact you chose is' : `${missing.length} contacts you chose are`;
    throw new HttpError(404, `${who} no longer there: deleted since the list was shown. Leave them out to start the others.`, { cannotStart: missing });
  }
  const untargeted = contacts.filter((contact) => !contact.is_target);
  if (untargeted.length) {
    throw new BadRequestError(`Automation runs only for banks among your targets: ${untargeted.map((contact) => `${contact.name} (${bankNameOf(contact)})`).join(', ')}.`, {
      cannotStart: untargeted.map((contact) => contact.id),
    });
  }
  // Nothing about an erased contact is written anywhere (its enrolment would name it) until it is given details again.
  const erased = contacts.filter((contact) => contact.erased_at !== null);
  if (erased.length) {
    throw new BadRequestError(`Automation does not go through contacts whose personal data was erased: ${erased.map((contact) => `${contact.name} (${bankNameOf(contact)})`).join(', ')}. Leave them out to start the others.`, {
      cannotStart: erased.map((contact) => contact.id),
    });
  }
  // The scheduler would stop them at its next round: the user hears it now, with the reason.
  const suppressed: Array<{ id: string; name: string; email: string; reason: string }> = await knex('contacts as c')
    .join('suppressions as s', (join) => join.on('s.user_id', 'c.user_id').andOn('s.email', knex.raw('lower(c.email)')))
    .where('c.user_id', userId)
    .whereIn('c.id', contactIds)
    .select('c.id', 'c.name', 'c.email', 's.reason');
  if (suppressed.length) {
    const who = suppressed.map((contact) => `${contact.name} <${contact.email}> (${whyOnDoNotContact(contact.reason)})`).join(', ');
    throw new BadRequestError(`Automation does not write to anyone on your Do Not Contact list: ${who}. Leave them out to start the others.`, { cannotStart: suppressed.map((contact) => contact.id) });
  }
  await refuseAddressesTwice(knex, userId, workflow, contacts);
  const active: Array<{ contact_id: string; contact_name: string }> = await knex('enrolments')
    .where({ user_id: userId, workflow_id: workflow.id })
    .whereIn('contact_id', contactIds)
    .whereIn('status', runningEnrolmentStatuses)
    .select('contact_id', 'contact_name');
  if (active.length) {
    throw new ConflictError(alreadyUnderWayMessage(active.map((row) => row.contact_name), workflow.name), {
      cannotStart: active.map((row) => row.contact_id),
    });
  }
  const settings = await readAutomationSettings(knex, userId);
  const startedAt = clock.now();
  const first = workflow.steps[0];
  const ids = await claimSlots({ eventStore, now: startedAt }, workflow, contacts);
  for (const [index, contact] of contacts.entries()) {
    const window = sendWindowOf(settings, contact.state);
    const earliest = earliestDueAt({ steps: workflow.steps, stepIndex: 0, startedAt, previousStepAt: null, timeZone: window.timeZone });
    const firstDueAt = scheduleAt(window, earliest, { random: clock.random, spreadMinutes: clock.spreadMinutes, immediate: first.day === 1 });
    const enrolmentId = ids[index];
    await handleCommand(eventStore, enrolmentDecider, enrolmentStreamId(enrolmentId), {
      type: 'StartEnrolment',
      enrolmentId,
      userId,
      workflow,
      contact: { id: contact.id, name: contact.name, bankId: contact.bank_id, bankName: bankNameOf(contact), bankClosed: contact.bank_closed },
      timeZone: window.timeZone,
      at: startedAt.toISOString(),
      firstDueAt: firstDueAt.toISOString(),
    });
  }
  return ids;
}

/**
 * One mailbox gets a workflow's emails once: a contact is refused when another contact with the same
 * address (in any letter case) is chosen before it in the request, or is going through the workflow
 * already (one person added twice, or under two banks, would otherwise get every email twice).
 */
async function refuseAddressesTwice(knex: Knex, userId: string, workflow: { id: string; name: string }, contacts: ContactRow[]): Promise<void> {
  const addresses = [...new Set(contacts.flatMap((contact) => (contact.address ? [contact.address] : [])))];
  if (addresses.length === 0) return;
  const running: Array<{ contact_id: string; contact_name: string; address: string }> = await knex('enrolments as e')
    .join('contacts as c', (join) => join.on('c.id', 'e.contact_id').andOn('c.user_id', 'e.user_id'))
    .where({ 'e.user_id': userId, 'e.workflow_id': workflow.id })
    .whereIn('e.status', runningEnrolmentStatuses)
    .whereRaw('lower(c.email) = any(?)', [addresses])
    .select('e.contact_id', 'e.contact_name', knex.raw('lower(c.email) as address'));
  const holders = new Map<string, { id: string; says: string }>();
  for (const row of running) holders.set(row.address, { id: row.contact_id, says: `${row.contact_name}, who is already going through "${workflow.name}"` });
  const refused: Array<{ contact: ContactRow; says: string }> = [];
  for (const contact of contacts) {
    if (!contact.address) continue;
    const holder = holders.get(contact.address);
    // The contact's own enrolment is the 'already going through' refusal, which follows.
    if (holder && holder.id !== contact.id) refused.push({ contact, says: holder.says });
    else if (!holder) holders.set(contact.address, { id: contact.id, says: `${contact.name}, chosen too` });
  }
  if (refused.length === 0) return;
  const who = refused.map(({ contact, says }) => `${contact.name} <${contact.email}> shares it with ${says}`).join('; ');
  throw new ConflictError(`Each address gets a workflow's emails once: ${who}. Leave them out to start the others.`, { cannotStart: refused.map(({ contact }) => contact.id) });
}

/** Whether the enrolment holding a slot is still under way: active or paused, or claimed a moment ago and being started. */
async function underWay(eventStore: EventStore, holder: string, claimedAt: string | null, now: Date): Promise<boolean> {
  const state = (await readState(eventStore, enrolmentDecider, enrolmentStreamId(holder))).state;
  if (state.status === 'absent') return claimedAt !== null && now.getTime() - Date.parse(claimedAt) < abandonedClaimMs;
  return isRunningEnrolment(state.status);
}

/**
 * Claims each contact's slot in the workflow for a new enrolment id, in the event store (the read
 * table lags a racing request). Refused as a whole: a refused claim gives back the ones made before it.
 */
async function claimSlots(deps: { eventStore: EventStore; now: Date }, workflow: { id: string; name: string }, contacts: ContactRow[]): Promise<string[]> {
  const { eventStore, now } = deps;
  const claimed: Array<{ streamId: string; enrolmentId: string }> = [];
  try {
    for (const contact of contacts) {
      const streamId = enrolmentSlotStreamId(workflow.id, contact.id);
      const slot = (await readState(eventStore, enrolmentSlotDecider, streamId)).state;
      const holderUnderWay = slot.holder !== null && (await underWay(eventStore, slot.holder, slot.claimedAt, now));
      const enrolmentId = randomUUID();
      await handleCommand(eventStore, enrolmentSlotDecider, streamId, {
        type: 'ClaimWorkflowSlot',
        enrolmentId,
        at: now.toISOString(),
        checkedHolder: slot.holder,
        holderUnderWay,
        contactName: contact.name,
        workflowName: workflow.name,
      });
      claimed.push({ streamId, enrolmentId });
    }
  } catch (error) {
    for (const { streamId, enrolmentId } of claimed) await handleCommand(eventStore, enrolmentSlotDecider, streamId, { type: 'ReleaseWorkflowSlot', enrolmentId });
    throw error;
  }
  return claimed.map(({ enrolmentId }) => enrolmentId);
}
