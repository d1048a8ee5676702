import { z } from 'zod';
import { defineEvent, type EventOf } from '../../events/registry.ts';

export const taskEvents = {
  TaskCreated: defineEvent(
    'TaskCreated',
    z.object({
      taskId: z.uuid(),
      ownerId: z.uuid(),
      bankId: z.number().int(),
      text: z.string(),
      dueDate: z.string(),
      /** The contact the text names, for a task the automation writes ('Visit … on LinkedIn'): the text is then that person's data, erased with them. */
      contactId: z.uuid().optional(),
    }),
  ),
  TaskTextChanged: defineEvent('TaskTextChanged', z.object({ text: z.string() })),
  TaskRescheduled: defineEvent('TaskRescheduled', z.object({ dueDate: z.string() })),
  /** Version 2 names the bank as the user's tracked bank was named then (null when not tracked); version 1 only knew the cert. */
  TaskMovedToBank: defineEvent('TaskMovedToBank', z.object({ bankId: z.number().int(), bankName: z.string().nullable() }), {
    version: 2,
    upcasters: [{ from: 1, up: (data) => ({ ...(data as object), bankName: null }) }],
  }),
  TaskCompleted: defineEvent('TaskCompleted', z.object({ completedAt: z.string() })),
  TaskReopened: defineEvent('TaskReopened', z.object({})),
  TaskDeleted: defineEvent('TaskDeleted', z.object({})),
  /** A deleted task is back as it was when deleted: the read row went with the deletion, so the event carries the task's state then. */
  TaskRestored: defineEvent(
    'TaskRestored',
    z.object({
      taskId: z.uuid(),
      ownerId: z.uuid(),
      bankId: z.number().int(),
      text: z.string(),
      dueDate: z.string(),
      completedAt: z.string().nullable(),
      /** As on TaskCreated: the contact an automation's task names, whose data the text then is. */
      contactId: z.uuid().optional(),
      /** When the record was first added: the restored record keeps its Added date and its place in lists. */
      addedAt: z.string(),
    }),
  ),
};

export type TaskEvent = EventOf<typeof taskEvents>;
