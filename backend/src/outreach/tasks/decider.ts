import type { Decider } from '../../commands/decider.ts';
import { Conflict } from '../../commands/errors.ts';
import { assertOwnedActive, assertOwnedDeleted, type RecordStatus } from '../ownership.ts';
import type { TaskCommand } from './commands.ts';
import { taskEvents, type TaskEvent } from './events.ts';

export type TaskState = {
  status: RecordStatus;
  ownerId?: string;
  text: string;
  dueDate: string;
  bankId: number;
  completed: boolean;
  completedAt: string | null;
  /** The contact an automation's task names (see TaskCreated). */
  contactId?: string;
};

const initialState = (): TaskState => ({ status: 'absent', text: '', dueDate: '', bankId: 0, completed: false, completedAt: null });

function decide(command: TaskCommand, state: TaskState): TaskEvent[] {
  if (command.type === 'CreateTask') {
    if (state.status !== 'absent') throw new Conflict('This task already exists.');
    const created = taskEvents.TaskCreated.create({
      taskId: command.taskId,
      ownerId: command.userId,
      bankId: command.bankId,
      text: command.text,
      dueDate: command.dueDate,
      ...(command.contactId ? { contactId: command.contactId } : {}),
    });
    return command.completed ? [created, taskEvents.TaskCompleted.create({ completedAt: command.at })] : [created];
  }
  if (command.type === 'RestoreTask') {
    assertOwnedDeleted(state, command.userId, 'Task');
    // A task names its bank by cert and its contact by id, neither of them a record it depends on:
    // one untracked or deleted since leaves the task as a reminder the user still wants back.
    const { ownerId, bankId, text, dueDate, completedAt, contactId } = state;
    return [taskEvents.TaskRestored.create({ taskId: command.taskId, ownerId: ownerId!, bankId, text, dueDate, completedAt, ...(contactId ? { contactId } : {}), addedAt: command.addedAt })];
  }
  assertOwnedActive(state, command.userId, 'Task');
  switch (command.type) {
    case 'EditTask': {
      const { text, dueDate, bankId, completed } = command.changes;
      const events: TaskEvent[] = [];
      if (text !== undefined && text !== state.text) events.push(taskEvents.TaskTextChanged.create({ text }));
      if (dueDate !== undefined && dueDate !== state.dueDate) events.push(taskEvents.TaskRescheduled.create({ dueDate }));
      if (bankId !== undefined && bankId !== state.bankId) events.push(taskEvents.TaskMovedToBank.create({ bankId, bankName: command.trackedBankName }));
      if (completed !== undefined && completed !== state.completed) {
        events.push(completed ? taskEvents.TaskCompleted.create({ completedAt: command.at }) : taskEvents.TaskReopened.create({}));
      }
      return events;
    }
    case 'CompleteTask':
      return state.completed ? [] : [taskEvents.TaskCompleted.create({ completedAt: command.at })];
    case 'ReopenTask':
      return state.completed ? [taskEvents.TaskReopened.create({})] : [];
    case 'DeleteTask':
      return [taskEvents.TaskDeleted.create({})];
  }
}

function evolve(state: TaskState, event: TaskEvent): TaskState {
  switch (event.type) {
    case 'TaskCreated':
      return { ...state, status: 'active', ownerId: event.data.ownerId, text: event.data.text, dueDate: event.data.dueDate, bankId: event.data.bankId, contactId: event.data.contactId };
    case 'TaskTextChanged':
      return { ...state, text: event.data.text };
    case 'TaskRescheduled':
      return { ...state, dueDate: event.data.dueDate };
    case 'TaskMovedToBank':
      return { ...state, bankId: event.data.bankId };
    case 'TaskCompleted':
      return { ...state, completed: true, completedAt: event.data.completedAt };
    case 'TaskReopened':
      return { ...state, completed: false, completedAt: null };
    case 'TaskDeleted':
      return { ...state, status: 'deleted' };
    case 'TaskRestored': {
      // When the task was first added is no field of it: its History shows no change to it.
      const { taskId: _id, addedAt: _added, ...fields } = event.data;
      return { ...state, ...fields, status: 'active', completed: fields.completedAt !== null };
    }
  }
}

export const taskDecider: Decider<TaskState, TaskCommand, TaskEvent> = { initialState, decide, evolve };
