import { z } from 'zod';
import type { Decider } from '../../commands/decider.ts';
import { Conflict } from '../../commands/errors.ts';
import { defineEvent, type EventOf } from '../../events/registry.ts';

/**
 * A contact's place in one workflow: at most one enrolment of a contact in a workflow is under way.
 * Starting an enrolment first claims the slot at the version it read, so of two requests racing for
 * the same contact and workflow only one can claim it (the other's append fails its expected
 * version); the read table, filled after the write, cannot guard that. The slot names its holder;
 * whether the holder is still under way is read from the holder's own stream.
 */
export const enrolmentSlotEvents = {
  WorkflowSlotClaimed: defineEvent('WorkflowSlotClaimed', z.object({ enrolmentId: z.uuid(), claimedAt: z.string() })),
  /** A claim given back because the request that made it was refused as a whole. */
  WorkflowSlotReleased: defineEvent('WorkflowSlotReleased', z.object({ enrolmentId: z.uuid() })),
};

export type EnrolmentSlotEvent = EventOf<typeof enrolmentSlotEvents>;

export const enrolmentSlotStreamId = (workflowId: string, contactId: string) => `enrolment-slot-${workflowId}-${contactId}`;

export type EnrolmentSlotState = { holder: string | null; claimedAt: string | null };

export type EnrolmentSlotCommand =
  | {
      type: 'ClaimWorkflowSlot';
      enrolmentId: string;
      at: string;
      /** The holder the caller looked up, and whether that enrolment is still under way (or being started). */
      checkedHolder: string | null;
      holderUnderWay: boolean;
      /** For the refusal: 'Dana Lee is already going through "Intro"'. */
      contactName: string;
      workflowName: string;
    }
  | { type: 'ReleaseWorkflowSlot'; enrolmentId: string };

/** The refusal of contacts already going through a workflow (their automation active or paused). */
export const alreadyUnderWayMessage = (contactNames: string[], workflowName: string) =>
  contactNames.length === 1
    ? `${contactNames[0]} is already going through "${workflowName}". Stop that automation first to start it again.`
    : `${contactNames.join(', ')} are already going through "${workflowName}". Stop those automations first to start them again.`;

const alreadyEnrolled = (command: { contactName: string; workflowName: string }) => new Conflict(alreadyUnderWayMessage([command.contactName], command.workflowName));

function decide(command: EnrolmentSlotCommand, state: EnrolmentSlotState): EnrolmentSlotEvent[] {
  if (command.type === 'ReleaseWorkflowSlot') {
    return state.holder === command.enrolmentId ? [enrolmentSlotEvents.WorkflowSlotReleased.create({ enrolmentId: command.enrolmentId })] : [];
  }
  // Someone claimed the slot after the caller looked: that enrolment is being started right now.
  if (state.holder !== command.checkedHolder) throw alreadyEnrolled(command);
  if (state.holder !== null && command.holderUnderWay) throw alreadyEnrolled(command);
  return [enrolmentSlotEvents.WorkflowSlotClaimed.create({ enrolmentId: command.enrolmentId, claimedAt: command.at })];
}

function evolve(state: EnrolmentSlotState, event: EnrolmentSlotEvent): EnrolmentSlotState {
  switch (event.type) {
    case 'WorkflowSlotClaimed':
      return { holder: event.data.enrolmentId, claimedAt: event.data.claimedAt };
    case 'WorkflowSlotReleased':
      return { holder: null, claimedAt: null };
  }
}

export const enrolmentSlotDecider: Decider<EnrolmentSlotState, EnrolmentSlotCommand, EnrolmentSlotEvent> = {
  initialState: () => ({ holder: null, claimedAt: null }),
  decide,
  evolve,
};
