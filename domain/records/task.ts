import { z } from 'zod';

/** A task as `/api/data/tasks` answers it; `dueDate` is a calendar date (YYYY-MM-DD). */
export const taskRecordSchema = z.object({
  id: z.string(),
  bankId: z.number(),
  bankName: z.string().nullable(),
  text: z.string(),
  dueDate: z.string(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type TaskRecord = z.infer<typeof taskRecordSchema>;
