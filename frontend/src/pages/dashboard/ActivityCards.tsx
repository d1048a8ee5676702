import { List, ListItem, ListItemButton, ListItemText, Skeleton } from '@mui/material';
import HotIcon from '@mui/icons-material/LocalFireDepartment';
import { Link as RouterLink } from 'react-router';
import { useBankDetail } from '../../bank-detail/index.tsx';
import { EmptyText, SectionCard } from '../../ui/SectionCard.tsx';
import { DueBadge } from '../../resources/tasks/DueBadge.tsx';
import { useHotLeads, useUpcomingTasks } from './useDashboardData.ts';
import { clampLines } from '../../ui/clampLines.ts';

/** Upcoming Tasks: up to 5 incomplete tasks, soonest due first. */
export function UpcomingTasksCard() {
  const { data, isPending, error } = useUpcomingTasks();
  const detail = useBankDetail();
  return (
    <SectionCard title="Upcoming Tasks" testId="upcoming-tasks">
      {isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : error ? (
        <EmptyText>Your tasks could not be loaded.</EmptyText>
      ) : !data?.length ? (
        <EmptyText>No upcoming tasks. You&apos;re all caught up!</EmptyText>
      ) : (
        <List dense disablePadding>
          {data.map((task) => (
            <ListItem key={task.id} disablePadding>
              {/* The task's text is shown in up to three lines (the whole of it on hover), and its due date says in words when it
                  is overdue (not in red alone); where the two do not fit side by side (a narrow window) the date goes under the text. */}
              <ListItemButton component={RouterLink} {...detail.linkTo(task.bankId, 'tasks')} sx={{ borderRadius: 2, flexWrap: 'wrap', columnGap: 2 }}>
                <ListItemText primary={task.text} secondary={task.bankName} title={task.text} sx={{ flex: '1 1 10rem', minWidth: 0 }} slotProps={{ primary: { sx: clampLines(3) } }} />
                <DueBadge dueDate={task.dueDate} completed={false} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}

/** Hot Leads: up to 5 contacts flagged hot. */
export function HotLeadsCard() {
  const { data, isPending, error } = useHotLeads();
  const detail = useBankDetail();
  return (
    <SectionCard title="Hot Leads" testId="hot-leads">
      {isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : error ? (
        <EmptyText>Your contacts could not be loaded.</EmptyText>
      ) : !data?.length ? (
        <EmptyText>No hot leads yet. Mark contacts as hot from the Targets page to see them here.</EmptyText>
      ) : (
        <List dense disablePadding>
          {data.map((contact) => (
            <ListItem key={contact.id} disablePadding>
              <ListItemButton component={RouterLink} {...detail.linkTo(contact.bankId, 'contacts')} sx={{ borderRadius: 2 }}>
                {/* The theme's warning orange: 5.2:1 on a light card, where orange-500 read 2.8:1. */}
                <HotIcon fontSize="small" sx={{ color: 'warning.main', mr: 1.5 }} />
                <ListItemText
                  primary={contact.name}
                  secondary={[contact.title, contact.bankName].filter(Boolean).join(' · ')}
                  slotProps={{ primary: { fontWeight: 600 } }}
                  sx={{ minWidth: 0 }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
