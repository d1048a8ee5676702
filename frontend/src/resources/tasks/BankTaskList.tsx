import { useState, type FormEvent } from 'react';
import { Box, Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDialog.tsx';
import { ShowMoreRows, useRowsShown } from '../../ui/ShowMoreRows.tsx';
import { touchTargets } from '../../ui/touchTargets.ts';
import { DueBadge } from './DueBadge.tsx';
import { localDate } from '../../../../domain/format.ts';
import { addDays, QUICK_ADD_DUE_IN_DAYS, QUICK_ADD_DUE_LABEL } from './due.ts';
import type { Task } from './types.ts';
import { useTaskActions } from './useTaskActions.ts';
import { TaskCompletionCheckbox } from './TaskCompletionCheckbox.tsx';
import { LinkedText } from '../../ui/LinkedText.tsx';
import { clampLines } from '../../ui/clampLines.ts';

/**
 * A bank's tasks: the checkbox completes or reopens (completed text struck through), the due date
 * as a badge, delete after a confirm (titled 'Delete Task'). With `quickAdd` an input
 * adds a task due 'Next Week' for the bank; its text must not be empty.
 */
export function BankTaskList({ bank, tasks, quickAdd = false, maxHeight = 384 }: { bank: { cert: number; name: string }; tasks: Task[]; quickAdd?: boolean; maxHeight?: number }) {
  const actions = useTaskActions();
  const [deleting, setDeleting] = useState<Task | null>(null);
  const [text, setText] = useState('');
  const [adding, setAdding] = useState(false);
  const { shown, hidden, showMore } = useRowsShown(tasks);

  const addQuickly = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setAdding(true);
    try {
      await actions.create({ bankId: bank.cert, text: text.trim(), dueDate: addDays(localDate(), QUICK_ADD_DUE_IN_DAYS) });
      setText('');
    } catch {
      // The toast said why; the text stays for another try.
    } finally {
      setAdding(false);
    }
  };

  return (
    <>
      {tasks.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          No tasks for this bank.
        </Typography>
      ) : (
        <Box component="ul" aria-label={`Tasks for ${bank.name}`} sx={{ listStyle: 'none', m: 0, p: 0, maxHeight, overflowY: 'auto' }}>
          {shown.map((task) => (
            <Box
              component="li"
              key={task.id}
              data-testid="task-row"
              data-task-text={task.text}
              data-completed={task.completed}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                py: 0.25,
                borderRadius: 1,
                '&:hover, &:focus-within': { bgcolor: 'action.hover' },
                ...touchTargets,
              }}
            >
              <TaskCompletionCheckbox task={task} />
              {/* In a narrow column the due date goes under the text: beside it, the text was left a syllable a line. */}
              <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.25 }}>
                {/* Three lines at most, the whole text on hover: a long task filled the card. */}
                <Typography
                  variant="body2"
                  title={task.text}
                  sx={{ flex: '1 1 8rem', minWidth: 0, textDecoration: task.completed ? 'line-through' : 'none', color: task.completed ? 'text.secondary' : 'text.primary', ...clampLines(3) }}
                >
                  <LinkedText text={task.text} />
                </Typography>
                <DueBadge dueDate={task.dueDate} completed={task.completed} />
              </Box>
              {/* Always shown, in the secondary icon colour: shown only on hover or focus, a rep using a magnifier or a touch screen did not find it. */}
              <Tooltip title="Delete Task">
                <IconButton size="small" aria-label={`Delete task "${task.text}"`} onClick={() => setDeleting(task)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
          <ShowMoreRows hidden={hidden} noun="task" onClick={showMore} />
        </Box>
      )}
      {quickAdd && (
        // The box keeps room for a few words (12rem): where that and its due date and Add do not fit on one
        // line (a narrow card or window), the two go under it rather than squeezing it to a word.
        <Stack component="form" direction="row" spacing={1} useFlexGap onSubmit={addQuickly} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <TextField
            size="small"
            sx={{ flex: '1 1 12rem' }}
            placeholder="Add a task..."
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{ htmlInput: { 'aria-label': `New task for ${bank.name}`, maxLength: 2000 } }}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Tooltip title={`Due ${QUICK_ADD_DUE_LABEL.toLowerCase()}`} describeChild>
              <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {QUICK_ADD_DUE_LABEL}
              </Typography>
            </Tooltip>
            <Button type="submit" variant="outlined" size="small" disabled={adding || !text.trim()}>
              Add
            </Button>
          </Stack>
        </Stack>
      )}
      <ConfirmDeleteDialog
        record={deleting}
        title="Delete Task"
        question={(task) => `Are you sure you want to delete the task "${task.text}"?`}
        onDelete={actions.remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
