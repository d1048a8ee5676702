import { z } from 'zod';
import { calendarDateSchema, certSchema, recordUpdateSchema } from '../schemas.ts';

const text = z.string({ error: 'Task description is required.' }).trim().min(1, 'Task description is required.').max(2000, 'A task can be at most 2,000 characters.');

/** POST /api/data/tasks: description, bank and due date are all required. */
export const createTaskBody = z
  .object({
    text,
    dueDate: calendarDateSchema,
    bankId: certSchema,
    completed: z.boolean().optional(),
  })
  .strict();

/** PUT /api/data/tasks/:id: the whole record; what changed becomes events. */
export const updateTaskBody = recordUpdateSchema(
  z.object({
    text: text.optional(),
    dueDate: calendarDateSchema.optional(),
    bankId: certSchema.optional(),
    completed: z.boolean().optional(),
  }).strict(),
  ['id', 'version', 'createdAt', 'updatedAt', 'completedAt', 'bankName'],
);

export type TaskCommand =
  | { type: 'CreateTask'; taskId: string; userId: string; text: string; dueDate: string; bankId: number; completed?: boolean; contactId?: string; at: string }
  | {
      type: 'EditTask';
      userId: string;
      changes: { text?: string; dueDate?: string; bankId?: number; completed?: boolean };
      /** The name of the user's tracked bank the task moves to (null when none, or not moving). */
      trackedBankName: string | null;
      at: string;
    }
  | { type: 'CompleteTask'; userId: string; at: string }
  | { type: 'ReopenTask'; userId: string }
  | { type: 'DeleteTask'; userId: string }
  | { type: 'RestoreTask'; taskId: string; userId: string; addedAt: string };
