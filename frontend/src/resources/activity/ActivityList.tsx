import { Chip, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import {
  AutocompleteInput,
  Datagrid,
  DateField,
  DateInput,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  useResourceDefinitions,
} from 'react-admin';
import { http } from '../../providers/http.ts';
import { eventLabel, sourceLabels } from '../shared/history.ts';

/** One row of the activity feed: one event of one of the user's records. */
export type ActivityRow = {
  id: number;
  resource: string;
  recordId: string;
  type: string;
  summary: string;
  source: string | null;
  version: number;
  occurredAt: string;
};

/** Record kinds as people call them. */
export const recordKinds: Record<string, string> = {
  banks: 'Tracked bank',
  contacts: 'Contact',
  tasks: 'Task',
  templates: 'Template',
  workflows: 'Workflow',
  'sent-emails': 'Sent email',
};

const resourceChoices = Object.entries(recordKinds).map(([id, name]) => ({ id, name }));
const sourceChoices = Object.entries(sourceLabels).map(([id, name]) => ({ id, name }));

/** The event types the user can filter by, as the server lists them. */
function useEventTypeChoices() {
  const types = useQuery({
    queryKey: ['activity', 'types'],
    queryFn: () => http.get<Array<{ resource: string; type: string }>>('/api/data/activity/types'),
    staleTime: 5 * 60_000,
  });
  return (types.data ?? []).map((entry) => ({ id: entry.type, name: `${eventLabel(entry.type)} (${recordKinds[entry.resource] ?? entry.resource})` }));
}

function RecordLink({ row }: { row: ActivityRow }) {
  const resources = useResourceDefinitions();
  const label = recordKinds[row.resource] ?? row.resource;
  // Only records with a screen get a link: a link to nowhere is worse than none.
  if (!resources[row.resource]?.hasShow) return <span>{label}</span>;
  return (
    <Link component={RouterLink} to={`/${row.resource}/${encodeURIComponent(row.recordId)}/show`} onClick={(event) => event.stopPropagation()}>
      {label}
    </Link>
  );
}

/**
 * Activity: everything that happened to the user's outreach records, newest first, filterable by
 * record kind, event type, source and date; each row links to its record.
 */
export function ActivityList() {
  const typeChoices = useEventTypeChoices();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Search activity" />,
    <SelectInput key="resource" source="resource" label="Record" choices={resourceChoices} alwaysOn />,
    <AutocompleteInput key="type" source="type" label="Event" choices={typeChoices} sx={{ minWidth: 260 }} />,
    <SelectInput key="source" source="source" label="Source" choices={sourceChoices} />,
    <DateInput key="since" source="since" label="From" />,
    <DateInput key="until" source="until" label="Until" />,
  ];
  return (
    <List resource="activity" filters={filters} sort={{ field: 'occurredAt', order: 'DESC' }} perPage={50} exporter={false} title="Activity">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="occurredAt" label="When" showTime />
        <FunctionField label="Record" render={(row: ActivityRow) => <RecordLink row={row} />} />
        <FunctionField label="Event" render={(row: ActivityRow) => <Typography variant="body2">{eventLabel(row.type)}</Typography>} />
        <FunctionField label="What happened" render={(row: ActivityRow) => <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{row.summary}</Typography>} />
        <FunctionField label="Source" render={(row: ActivityRow) => (row.source ? <Chip size="small" variant="outlined" label={sourceLabels[row.source] ?? row.source} /> : '—')} />
      </Datagrid>
    </List>
  );
}
