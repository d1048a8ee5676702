import { useState } from 'react';
import { Checkbox } from '@mui/material';
import type { Task } from './types.ts';
import { useTaskActions } from './useTaskActions.ts';

/**
 * Completes or reopens a task where it is listed. The tick shows at once and holds until the lists
 * have reloaded; a failure puts it back, with its toast. The click stays with the checkbox: a list's
 * row opens the task.
 */
export function TaskCompletionCheckbox({ task }: { task: Task }) {
  const { setCompleted } = useTaskActions();
  const [saving, setSaving] = useState<boolean | null>(null);
  return (
    <Checkbox
      size="small"
      checked={saving ?? task.completed}
      disabled={saving !== null}
      onClick={(event) => event.stopPropagation()}
      onChange={async (event) => {
        setSaving(event.target.checked);
        await setCompleted(task, event.target.checked);
        setSaving(null);
      }}
      slotProps={{ input: { 'aria-label': task.completed ? `Reopen "${task.text}"` : `Complete "${task.text}"` } }}
    />
  );
}
