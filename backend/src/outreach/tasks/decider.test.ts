import { deciderSpec } from '../../commands/decider-spec.ts';
import { Conflict, NotFound } from '../../commands/errors.ts';
import { taskDecider } from './decider.ts';
import type { TaskEvent } from './events.ts';

const owner = '11111111-1111-4111-8111-111111111111';
const stranger = '22222222-2222-4222-8222-222222222222';
const taskId = '33333333-3333-4333-8333-333333333333';
const at = '2026-11-22T10:00:00.000Z';
const created: TaskEvent = { type: 'TaskCreated', data: { taskId, ownerId: owner, bankId: 628, text: 'Call the CFO', dueDate: '2026-11-29' } };
const spec = deciderSpec(taskDecider);

describe('task decider', () => {
  it('creates a task for its owner', () => {
    spec
      .given([])
      .when({ type: 'CreateTask', taskId, userId: owner, text: 'Call the CFO', dueDate: '2026-11-29', bankId: 628, at })
      .then([created]);
  });

  it('refuses to create a task twice', () => {
    spec.given([created]).when({ type: 'CreateTask', taskId, userId: owner, text: 'x', dueDate: '2026-11-29', bankId: 628, at }).thenThrows(/already exists/, Conflict);
  });

  it('turns a whole-record edit into one event per changed field, and none for unchanged ones; a move names the tracked bank', () => {
    spec
      .given([created])
      .when({ type: 'EditTask', userId: owner, changes: { text: 'Call the CEO', dueDate: '2026-11-29', bankId: 3511, completed: true }, trackedBankName: 'Harbor Savings', at })
      .then([
        { type: 'TaskTextChanged', data: { text: 'Call the CEO' } },
        { type: 'TaskMovedToBank', data: { bankId: 3511, bankName: 'Harbor Savings' } },
        { type: 'TaskCompleted', data: { completedAt: at } },
      ]);
  });

  it('appends nothing when an edit changes nothing', () => {
    spec.given([created]).when({ type: 'EditTask', userId: owner, changes: { text: 'Call the CFO' }, trackedBankName: null, at }).then([]);
  });

  it('completes an open task and reopens a completed one; repeating either changes nothing', () => {
    spec.given([created]).when({ type: 'CompleteTask', userId: owner, at }).then([{ type: 'TaskCompleted', data: { completedAt: at } }]);
    const completed: TaskEvent = { type: 'TaskCompleted', data: { completedAt: at } };
    spec.given([created, completed]).when({ type: 'CompleteTask', userId: owner, at }).then([]);
    spec.given([created, completed]).when({ type: 'ReopenTask', userId: owner }).then([{ type: 'TaskReopened', data: {} }]);
    spec.given([created]).when({ type: 'ReopenTask', userId: owner }).then([]);
  });

  it("treats another user's task as not found", () => {
    spec.given([created]).when({ type: 'DeleteTask', userId: stranger }).thenThrows(/Task not found/, NotFound);
  });

  it('treats a deleted task as not found', () => {
    spec.given([created, { type: 'TaskDeleted', data: {} }]).when({ type: 'CompleteTask', userId: owner, at }).thenThrows(/not found/, NotFound);
  });

  describe('restoring a deleted task', () => {
    const deleted: TaskEvent = { type: 'TaskDeleted', data: {} };
    const addedAt = '2026-10-02T09:00:00.000Z';
    const restore = { type: 'RestoreTask' as const, taskId, userId: owner, addedAt };

    it('brings it back as it was when deleted, completed or not', () => {
      spec
        .given([created, { type: 'TaskCompleted', data: { completedAt: at } }, deleted])
        .when(restore)
        .then([{ type: 'TaskRestored', data: { taskId, ownerId: owner, bankId: 628, text: 'Call the CFO', dueDate: '2026-11-29', completedAt: at, addedAt } }]);
      spec.given([created, deleted]).when(restore).then([{ type: 'TaskRestored', data: { taskId, ownerId: owner, bankId: 628, text: 'Call the CFO', dueDate: '2026-11-29', completedAt: null, addedAt } }]);
    });

    it('keeps the contact an automation task names, deleted or not since', () => {
      const contactId = '44444444-4444-4444-8444-444444444444';
      spec
        .given([{ type: 'TaskCreated', data: { ...created.data, contactId } } as TaskEvent, deleted])
        .when(restore)
        .then([{ type: 'TaskRestored', data: { taskId, ownerId: owner, bankId: 628, text: 'Call the CFO', dueDate: '2026-11-29', completedAt: null, contactId, addedAt } }]);
    });

    it('can be completed again once restored', () => {
      const restored: TaskEvent = { type: 'TaskRestored', data: { taskId, ownerId: owner, bankId: 628, text: 'Call the CFO', dueDate: '2026-11-29', completedAt: null, addedAt } };
      spec.given([created, deleted, restored]).when({ type: 'CompleteTask', userId: owner, at }).then([{ type: 'TaskCompleted', data: { completedAt: at } }]);
    });

    it('refuses a task that is not deleted with a conflict, and treats another user\'s as not found', () => {
      spec.given([created]).when(restore).thenThrows(/This task is not deleted/, Conflict);
      spec.given([created, deleted]).when({ ...restore, userId: stranger }).thenThrows(/not found/, NotFound);
    });
  });
});
