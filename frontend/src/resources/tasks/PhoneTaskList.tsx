import type { ReactNode } from 'react';
import { List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import { SimpleListLoading, useCreatePath, WithListContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { DueBadge } from './DueBadge.tsx';
import { TaskCompletionCheckbox } from './TaskCompletionCheckbox.tsx';
import type { Task } from './types.ts';
import { clampLines } from '../../ui/clampLines.ts';

/**
 * The Tasks list on a phone: a task a line, its checkbox ticking it off in place as the table's does,
 * the rest of the line opening the task. The checkbox sits beside the line's link, not inside it: a
 * control inside a link is not one a screen reader can reach.
 */
export function PhoneTaskList({ empty = null }: { empty?: ReactNode }) {
  const createPath = useCreatePath();
  return (
    <WithListContext<Task>
      loading={<SimpleListLoading hasLeftAvatarOrIcon hasSecondaryText hasTertiaryText />}
      empty={empty}
      render={({ data }) => (
        <List>
          {data?.map((task) => (
            <ListItem key={task.id} disablePadding sx={{ pl: 1 }}>
              <TaskCompletionCheckbox task={task} />
              <ListItemButton component={RouterLink} to={createPath({ resource: 'tasks', id: task.id, type: 'show' })} sx={{ gap: 1, pl: 1 }}>
                {/* A done task's text struck through, as on a target's card. */}
                <ListItemText
                  primary={task.text}
                  secondary={task.bankName}
                  // three lines at most: the whole text is on the task's page, a tap away
                  slotProps={{ primary: { sx: { textDecoration: task.completed ? 'line-through' : 'none', color: task.completed ? 'text.secondary' : 'text.primary', ...clampLines(3) } } }}
                />
                <DueBadge dueDate={task.dueDate} completed={task.completed} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    />
  );
}
