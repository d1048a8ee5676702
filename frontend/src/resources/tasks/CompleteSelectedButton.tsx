import { useState } from 'react';
import DoneIcon from '@mui/icons-material/DoneAll';
import { Button, useListContext, useUnselectAll } from 'react-admin';
import { countOf } from '../../../../domain/format.ts';
import { useToast } from '../../ui/Toast.tsx';
import { messageOf } from '../shared/problem.ts';
import { useRefreshOutreach } from '../shared/useRefreshOutreach.ts';
import { tasksApi } from './api.ts';

/** The Tasks list's bulk action: completes every ticked task (one command each), and says how many did. */
export function CompleteSelectedButton() {
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll('tasks');
  const refresh = useRefreshOutreach();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const completeAll = async () => {
    setBusy(true);
    const failures: string[] = [];
    for (const id of selectedIds) {
      try {
        await tasksApi.setCompleted(String(id), true);
      } catch (error) {
        failures.push(messageOf(error, 'the server did not answer'));
      }
    }
    const done = selectedIds.length - failures.length;
    if (failures.length === 0) toast.success(`${countOf(done, 'task')} completed.`);
    else toast.error(`${done} of ${countOf(selectedIds.length, 'task')} completed; ${failures.length} failed: ${failures[0]}`);
    unselectAll();
    await refresh('tasks');
    setBusy(false);
  };
  return (
    <Button label="Mark complete" onClick={() => void completeAll()} disabled={busy}>
      <DoneIcon />
    </Button>
  );
}
