import type { Knex } from 'knex';
import { handleCommand, readState } from '../commands/handle-command.ts';
import type { EventStore } from '../eventstore/types.ts';
import { enrolmentDecider } from '../outreach/enrolments/decider.ts';
import { enrolmentStreamId } from '../outreach/enrolments/events.ts';
import { readAutomationSettings } from '../settings/settings.ts';
import { earliestDueAt, sendWindowOf, type Clock } from './enrol.ts';
import { nextWindow, scheduleAt } from './send-window.ts';

/** Why a step moved, in its enrolment's history. */
export const sendWindowChangedReason = 'send window changed';

/**
 * After the user's send window changed: each pending step of the user's running automations moves to
 * the first moment the new window allows after its earliest (its workflow day, and its distance from
 * the step before), unless it is already due in that very window. Widening brings steps forward (a
 * step held from Saturday to Monday runs on Saturday once Saturdays are allowed); narrowing moves
 * those due where the window no longer reaches. A step already due is left to the scheduler, which
 * runs it or moves it at its next round. Returns how many steps moved.
 */
export async function rescheduleForSendWindow(deps: { knex: Knex; eventStore: EventStore; clock: Clock }, userId: string): Promise<number> {
  const { knex, eventStore, clock } = deps;
  const settings = await readAutomationSettings(knex, userId);
  const now = clock.now();
  const pending: Array<{ id: string; bank_state: string | null }> = await knex('enrolments as e')
    .leftJoin('targets as t', (join) => join.on('t.user_id', 'e.user_id').andOn('t.cert', 'e.bank_id'))
    .where({ 'e.user_id': userId, 'e.status': 'active' })
    .where('e.next_due_at', '>', now)
    .select('e.id', 't.state as bank_state');
  let moved = 0;
  for (const row of pending) {
    const streamId = enrolmentStreamId(row.id);
    const { state } = await readState(eventStore, enrolmentDecider, streamId);
    if (state.status !== 'active' || !state.dueAt || !state.startedAt) continue;
    const window = sendWindowOf(settings, row.bank_state);
    const earliest = earliestDueAt({ steps: state.steps, stepIndex: state.nextStepIndex, startedAt: new Date(state.startedAt), previousStepAt: state.lastStepAt ? new Date(state.lastStepAt) : null, timeZone: window.timeZone });
    const from = earliest > now ? earliest : now;
    const first = nextWindow(window, from);
    const dueAt = new Date(state.dueAt);
    if (dueAt >= first.opensAt && dueAt < first.closesAt) continue;
    const rescheduled = scheduleAt(window, from, { random: clock.random, spreadMinutes: clock.spreadMinutes }).toISOString();
    // decided on the stream as it is then: a step the scheduler ran meanwhile, or a pause, is left as it is
    const { appended } = await handleCommand(eventStore, enrolmentDecider, streamId, { type: 'RescheduleStep', userId, stepIndex: state.nextStepIndex, dueAt: rescheduled, reason: sendWindowChangedReason });
    if (appended > 0) moved += 1;
  }
  return moved;
}
