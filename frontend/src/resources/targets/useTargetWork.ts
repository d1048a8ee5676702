import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { Contact } from '../contacts/types.ts';
import type { Task } from '../tasks/types.ts';
import { targetWorkParams } from './queries.ts';

/** `loading` until both lists are in: until then a card would say the bank has no contacts and no tasks. */
export type TargetWork = { contacts: Contact[]; tasks: Task[]; openTasks: number; loading: boolean };

/**
 * The contacts and tasks of the banks on one page of targets, in one call each, grouped by bank:
 * the counts, avatars and lists of every card come from these.
 */
export function useTargetWork(certs: number[]): { byBank: Map<number, TargetWork>; isPending: boolean } {
  const enabled = certs.length > 0;
  const params = targetWorkParams(certs);
  const contacts = useGetList<Contact>('contacts', params.contacts, { enabled });
  const tasks = useGetList<Task>('tasks', params.tasks, { enabled });
  const isPending = enabled && (contacts.isPending || tasks.isPending);
  const byBank = useMemo(() => {
    const grouped = new Map<number, TargetWork>(certs.map((cert) => [cert, { contacts: [], tasks: [], openTasks: 0, loading: isPending }]));
    for (const contact of contacts.data ?? []) grouped.get(contact.bankId)?.contacts.push(contact);
    for (const task of tasks.data ?? []) {
      const work = grouped.get(task.bankId);
      if (!work) continue;
      work.tasks.push(task);
      if (!task.completed) work.openTasks += 1;
    }
    return grouped;
  }, [certs, contacts.data, tasks.data, isPending]);
  return { byBank, isPending };
}
