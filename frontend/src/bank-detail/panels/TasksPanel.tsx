import { useState } from 'react';
import { Button, CircularProgress, Paper } from '@mui/material';
import AddTaskIcon from '@mui/icons-material/AddTask';
import { useGetList } from 'react-admin';
import { BankTaskList } from '../../resources/tasks/BankTaskList.tsx';
import { TaskFormDialog } from '../../resources/tasks/TaskFormDialog.tsx';
import type { Task } from '../../resources/tasks/types.ts';
import { PanelTitle } from '../components/Section.tsx';
import type { NormalisedBank } from '../../banks/bank.ts';

/** The bank's tasks: 'Tasks (N open)', Add Task (the bank fixed), and the list with complete and delete. */
export function TasksPanel({ bank }: { bank: NormalisedBank }) {
  const { data, isPending } = useGetList<Task>('tasks', {
    filter: { bankId: bank.cert },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'dueDate', order: 'ASC' },
  });
  const [adding, setAdding] = useState(false);
  const open = (data ?? []).filter((task) => !task.completed).length;
  const bankRef = { cert: bank.cert, name: bank.name };
  return (
    <>
      <PanelTitle
        action={
          <Button variant="contained" size="small" startIcon={<AddTaskIcon />} onClick={() => setAdding(true)}>
            Add Task
          </Button>
        }
      >
        Tasks ({open} open)
      </PanelTitle>
      <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="bank-tasks-panel">
        {isPending ? <CircularProgress size={20} aria-label="Loading tasks" /> : <BankTaskList bank={bankRef} tasks={data ?? []} />}
      </Paper>
      <TaskFormDialog open={adding} onClose={() => setAdding(false)} bank={bankRef} />
    </>
  );
}
