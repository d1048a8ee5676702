/** A task as `/api/data/tasks` answers it; `dueDate` is a calendar date (YYYY-MM-DD). */
export type Task = {
  id: string;
  bankId: number;
  bankName: string | null;
  text: string;
  dueDate: string;
  completed: boolean;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
};
