import { useGetMany } from 'react-admin';
import { formatDate } from '../../../../domain/format.ts';
import type { HistoryEntry } from '../../providers/dataProvider.ts';
import { changesOf, type HistoryReading } from '../shared/history.ts';

/**
 * How a task's History reads: its due dates as the app writes dates, its bank by name (a bank no
 * longer tracked by its FDIC cert).
 */
export function useTaskHistory(entries: Array<Pick<HistoryEntry, 'changes'>>): HistoryReading {
  const ids = [
    ...new Set(
      entries
        .flatMap((entry) => changesOf(entry).filter((change) => change.field === 'bankId'))
        .flatMap((change) => [change.from, change.to])
        .filter((id): id is number => typeof id === 'number' && id > 0),
    ),
  ];
  const banks = useGetMany<{ id: number; name: string }>('banks', { ids }, { enabled: ids.length > 0 });
  const names = new Map((banks.data ?? []).filter(Boolean).map((bank) => [Number(bank.id), bank.name]));
  return {
    fields: {
      dueDate: { label: 'Due', value: (date) => formatDate(String(date)) },
      bankId: { label: 'Bank', value: (id) => names.get(Number(id)) ?? `FDIC cert ${String(id)}` },
      completedAt: { label: 'Completed on' },
      // the contact an automation's task names: its text already says who
      contactId: { hidden: true },
    },
  };
}
