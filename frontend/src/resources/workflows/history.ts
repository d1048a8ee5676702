import { useGetMany } from 'react-admin';
import type { HistoryEntry } from '../../providers/dataProvider.ts';
import { changesOf, type HistoryReading } from '../shared/history.ts';
import type { EmailTemplate } from '../templates/template.ts';
import { stepsInLine, type WorkflowStep } from './steps.ts';

/**
 * How a workflow's History reads: its steps in a line each ('Day 1 · Email: Introduction; Day 3 ·
 * LinkedIn Visit'), the templates named as the user's templates name them now; one deleted since
 * reads 'Unknown Template'.
 */
export function useWorkflowHistory(entries: Array<Pick<HistoryEntry, 'changes'>>): HistoryReading {
  const stepLists = entries.flatMap((entry) => changesOf(entry).filter((change) => change.field === 'steps')).flatMap((change) => [change.from, change.to]);
  const ids = [...new Set(stepLists.flatMap((steps) => (Array.isArray(steps) ? (steps as WorkflowStep[]) : [])).flatMap((step) => (step.templateId ? [step.templateId] : [])))];
  const templates = useGetMany<EmailTemplate>('templates', { ids }, { enabled: ids.length > 0 });
  const names = new Map((templates.data ?? []).filter(Boolean).map((template) => [String(template.id), template.name]));
  return { fields: { steps: { value: (steps) => (Array.isArray(steps) ? stepsInLine(steps as WorkflowStep[], names) : String(steps)) } } };
}
