import { Chip } from '@mui/material';
import { localDate } from '../../../../domain/format.ts';
import { dueBadge, type DueTone } from './due.ts';

const toneColor: Record<DueTone, 'default' | 'error' | 'warning' | 'info'> = { done: 'default', overdue: 'error', today: 'warning', soon: 'info', later: 'default' };

/** A task's due date as a badge: overdue red, today amber, the coming week blue. */
export function DueBadge({ dueDate, completed }: { dueDate: string; completed: boolean }) {
  const badge = dueBadge(dueDate, completed, localDate());
  return <Chip size="small" variant={badge.tone === 'later' || badge.tone === 'done' ? 'outlined' : 'filled'} color={toneColor[badge.tone]} label={badge.label} data-testid="due-badge" />;
}
