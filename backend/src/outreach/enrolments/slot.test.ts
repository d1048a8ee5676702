import { deciderSpec } from '../../commands/decider-spec.ts';
import { Conflict } from '../../commands/errors.ts';
import { enrolmentSlotDecider, type EnrolmentSlotEvent } from './slot.ts';

const first = '11111111-1111-4111-8111-111111111111';
const second = '22222222-2222-4222-8222-222222222222';
const at = '2026-11-24T21:00:00.000Z';
const claimedByFirst: EnrolmentSlotEvent = { type: 'WorkflowSlotClaimed', data: { enrolmentId: first, claimedAt: at } };
const claim = { type: 'ClaimWorkflowSlot' as const, enrolmentId: second, at, contactName: 'Lee Chan', workflowName: 'COO sequence' };
const spec = deciderSpec(enrolmentSlotDecider);

describe('enrolment slot decider', () => {
  it('claims a free slot', () => {
    spec.given([]).when({ ...claim, checkedHolder: null, holderUnderWay: false }).then([{ type: 'WorkflowSlotClaimed', data: { enrolmentId: second, claimedAt: at } }]);
  });

  it('claims a slot whose enrolment has ended', () => {
    spec.given([claimedByFirst]).when({ ...claim, checkedHolder: first, holderUnderWay: false }).then([{ type: 'WorkflowSlotClaimed', data: { enrolmentId: second, claimedAt: at } }]);
  });

  it('refuses a slot whose enrolment is under way', () => {
    spec.given([claimedByFirst]).when({ ...claim, checkedHolder: first, holderUnderWay: true }).thenThrows(/Lee Chan is already going through "COO sequence"/, Conflict);
  });

  it('refuses when someone claimed the slot after the caller looked', () => {
    spec.given([claimedByFirst]).when({ ...claim, checkedHolder: null, holderUnderWay: false }).thenThrows(/already going through/, Conflict);
  });

  it('gives back only its own claim', () => {
    spec.given([claimedByFirst]).when({ type: 'ReleaseWorkflowSlot', enrolmentId: first }).then([{ type: 'WorkflowSlotReleased', data: { enrolmentId: first } }]);
    spec.given([claimedByFirst]).when({ type: 'ReleaseWorkflowSlot', enrolmentId: second }).then([]);
  });
});
