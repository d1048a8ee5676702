import { http } from '../../providers/http.ts';
import type { Task } from './types.ts';

export const tasksApi = {
  /** Completes or reopens a task. */
  setCompleted: (id: string, completed: boolean) => http.put<Task>(`/api/data/tasks/${encodeURIComponent(id)}/completion`, { completed }),
};
