import { Chip, List, ListItem, ListItemButton, ListItemText, Skeleton } from '@mui/material';
import HotIcon from '@mui/icons-material/LocalFireDepartment';
import { useBankDetail } from '../../bank-detail/index.tsx';
import { formatDate, localDate } from '../../../../domain/format.ts';
import { EmptyText, SectionCard } from '../../ui/SectionCard.tsx';
import { useHotLeads, useUpcomingTasks } from './useDashboardData.ts';

/** Upcoming Tasks: up to 5 incomplete tasks, soonest due first. */
export function UpcomingTasksCard() {
  const { data, isPending, error } = useUpcomingTasks();
  const detail = useBankDetail();
  const now = localDate();
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
              <ListItemButton onClick={() => detail.open(task.bankId, 'tasks')} sx={{ borderRadius: 2 }}>
                <ListItemText primary={task.text} secondary={task.bankName} slotProps={{ primary: { noWrap: true } }} sx={{ minWidth: 0 }} />
                <Chip size="small" label={formatDate(task.dueDate)} color={task.dueDate < now ? 'error' : 'default'} variant="outlined" sx={{ ml: 2 }} />
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
              <ListItemButton onClick={() => detail.open(contact.bankId, 'contacts')} sx={{ borderRadius: 2 }}>
                {/* The theme's warning orange: 5.2:1 on a light card, where orange-500 read 2.8:1. */}
                <HotIcon fontSize="small" sx={{ color: 'warning.main', mr: 1.5 }} />
                <ListItemText
                  primary={contact.name}
                  secondary={[contact.title, contact.bankName].filter(Boolean).join(' · ')}
                  slotProps={{ primary: { noWrap: true, fontWeight: 600 }, secondary: { noWrap: true } }}
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
