import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import { useToast } from '../../ui/Toast.tsx';
import { messageOf } from '../shared/problem.ts';
import { useDeletedNotice } from '../shared/restore.ts';
import { useRefreshOutreach } from '../shared/useRefreshOutreach.ts';
import { tasksApi } from './api.ts';
import type { Task } from './types.ts';

/** Create, complete/reopen and delete tasks, each with its toast; the lists reload after each. */
export function useTaskActions() {
  const dataProvider = useDataProvider();
  const toast = useToast();
  const refresh = useRefreshOutreach();
  const deletedNotice = useDeletedNotice();

  const create = useCallback(
    async (task: { bankId: number; text: string; dueDate: string }): Promise<Task | null> => {
      try {
        const created = (await dataProvider.create<Task>('tasks', { data: task })).data;
        toast.success('Task added.');
        return created;
      } catch (error) {
        toast.error(`Failed to add task. ${messageOf(error, '')}`.trim());
        throw error;
      } finally {
        await refresh('tasks');
      }
    },
    [dataProvider, toast, refresh],
  );

  const setCompleted = useCallback(
    async (task: Task, completed: boolean) => {
      try {
        await tasksApi.setCompleted(task.id, completed);
      } catch (error) {
        toast.error(`Failed to update task. ${messageOf(error, '')}`.trim());
      } finally {
        await refresh('tasks');
      }
    },
    [toast, refresh],
  );

  const remove = useCallback(
    async (task: Task) => {
      try {
        await dataProvider.delete('tasks', { id: task.id, previousData: task });
        deletedNotice('tasks', [task.id]);
      } catch (error) {
        toast.error(`Failed to delete task. ${messageOf(error, '')}`.trim());
      } finally {
        await refresh('tasks');
      }
    },
    [dataProvider, toast, refresh, deletedNotice],
  );

  return { create, setCompleted, remove };
}
