import { useState } from 'react';
import { Box, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartTooltip } from '../../ui/chartTooltip.ts';
import { formatDate } from '../../../../domain/format.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { Pager } from '../../ui/Pager.tsx';
import { PanelEmpty, PanelError, PanelLoading } from '../components/PanelState.tsx';
import { PanelTitle, Section } from '../components/Section.tsx';
import { ViewSwitch } from '../components/ViewSwitch.tsx';
import { eventsPerYear, historyEventOf, type HistoryEvent } from '../lib/history.ts';
import { pageOffset } from '../../lib/paging.ts';
import { historyPageSize } from '../lib/pagination.ts';

/** The history chart reads up to 500 events. */
export const HISTORY_CHART_LIMIT = 500;

type HistoryView = 'timeline' | 'list' | 'chart';

function Timeline({ events }: { events: HistoryEvent[] }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, borderLeft: 2, borderColor: 'primary.main', ml: 1 }} data-testid="history-timeline">
      {events.map((event) => (
        <Box component="li" key={event.id} sx={{ position: 'relative', pl: 3, pb: 2 }}>
          <Box sx={{ position: 'absolute', left: -7, top: 4, width: 12, height: 12, borderRadius: '50%', bgcolor: 'primary.main' }} />
          <Typography variant="caption" color="text.secondary">
            {formatDate(event.date)}
          </Typography>
          <Paper variant="outlined" sx={{ p: 1.25, mt: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {event.description}
            </Typography>
            {event.details && (
              <Typography variant="body2" color="text.secondary">
                {event.details}
              </Typography>
            )}
          </Paper>
        </Box>
      ))}
    </Box>
  );
}

function EventList({ events }: { events: HistoryEvent[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Corporate history events">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Event</TableCell>
            <TableCell>Details</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((event) => (
            <TableRow key={event.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(event.date)}</TableCell>
              <TableCell>{event.description}</TableCell>
              <TableCell>{event.details ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function HistoryChart({ cert }: { cert: number }) {
  const { tooltipProps, barCursor } = useChartTooltip();
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const all = useQuery({
    queryKey: ['bank', cert, 'history-chart'],
    queryFn: async () => (await dataProvider.bankHistory(cert, { limit: HISTORY_CHART_LIMIT, offset: 0 })).items.map(historyEventOf),
  });
  if (all.isPending) return <PanelLoading text="Loading history..." />;
  if (all.isError) return <PanelError>Failed to fetch full history for chart.</PanelError>;
  const perYear = eventsPerYear(all.data ?? []);
  if (perYear.length === 0) return <PanelEmpty>No historical events found.</PanelEmpty>;
  return (
    <Section title="Events per Year" testId="history-chart">
      <Box sx={{ height: 320 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={perYear} margin={{ left: 0, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" opacity={0.4} />
            <XAxis dataKey="year" />
            <YAxis allowDecimals={false} />
            <Tooltip {...tooltipProps} cursor={barCursor} formatter={(value) => [`${value} events`, 'Events']} />
            <Bar dataKey="count" name="Events" fill="#7c3aed" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Box>
    </Section>
  );
}

function PagedEvents({ cert, view }: { cert: number; view: 'timeline' | 'list' }) {
  const [page, setPage] = useState(1);
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const events = useQuery({
    queryKey: ['bank', cert, 'history', page],
    queryFn: async () => {
      const found = await dataProvider.bankHistory(cert, { limit: historyPageSize, offset: pageOffset(page, historyPageSize) });
      return { events: found.items.map(historyEventOf), total: found.total };
    },
    placeholderData: keepPreviousData,
  });
  if (events.isError) return <PanelError>Failed to fetch bank history. Please try again.</PanelError>;
  if (!events.data) return <PanelLoading text="Loading history..." />;
  if (events.data.total === 0 || events.data.events.length === 0) return <PanelEmpty>No historical events found.</PanelEmpty>;
  return (
    <Box sx={{ opacity: events.isPlaceholderData ? 0.6 : 1 }}>
      {view === 'timeline' ? <Timeline events={events.data.events} /> : <EventList events={events.data.events} />}
      <Pager page={page} pageSize={historyPageSize} total={events.data.total} onPage={setPage} disabled={events.isPlaceholderData} hideWhenOnePage />
    </Box>
  );
}

/** Corporate History: Timeline, List and Chart; changing the view starts again at page 1. */
export function HistoryPanel({ cert }: { cert: number }) {
  const [view, setView] = useState<HistoryView>('timeline');
  return (
    <Box data-testid="history-panel">
      <PanelTitle
        action={
          <ViewSwitch
            label="History view"
            value={view}
            onChange={setView}
            options={[
              { value: 'timeline', label: 'Timeline' },
              { value: 'list', label: 'List' },
              { value: 'chart', label: 'Chart' },
            ]}
          />
        }
      >
        Corporate History
      </PanelTitle>
      {view === 'chart' ? <HistoryChart cert={cert} /> : <PagedEvents key={view} cert={cert} view={view} />}
    </Box>
  );
}
