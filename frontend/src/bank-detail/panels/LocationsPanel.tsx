import { lazy, Suspense, useCallback, useState } from 'react';
import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartTooltip } from '../../ui/chartTooltip.ts';
import { useChartPalette } from '../../ui/useChartPalette.ts';
import { formatCount, formatDate } from '../../../../domain/format.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { Pager } from '../../ui/Pager.tsx';
import { PanelEmpty, PanelError, PanelLoading } from '../components/PanelState.tsx';
import { PanelTitle, Section } from '../components/Section.tsx';
import { ViewSwitch } from '../components/ViewSwitch.tsx';
import { branchAddress, branchOf, geocoded, officesByState, type Branch } from '../lib/locations.ts';
import { pageOffset } from '../../lib/paging.ts';
import { listPageSize } from '../lib/pagination.ts';

/** Leaflet and the states outline load only when the map is shown. */
const BranchMap = lazy(() => import('../components/BranchMap.tsx'));

/** 500 locations for the chart, 1000 deposit-holding branches for the map. */
export const LOCATIONS_CHART_LIMIT = 500;
export const MAP_LIMIT = 1000;

type LocationsView = 'map' | 'chart' | 'list';
/** The chart's query: every office of the bank (up to the chart's limit). */
const chartKey = (cert: number) => ['bank', cert, 'locations-chart'];

function LocationsMap({ cert }: { cert: number }) {
  // The map shows deposit-holding branches (Summary of Deposits carries their coordinates).
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const branches = useQuery({
    queryKey: ['bank', cert, 'branch-map'],
    queryFn: async () => {
      const found = await dataProvider.summaryOfDeposits(cert, { limit: MAP_LIMIT, offset: 0 });
      return { branches: geocoded(found.items.map(branchOf)), total: found.total };
    },
  });
  if (branches.isPending) return <PanelLoading text="Loading Locations..." />;
  if (branches.isError) return <PanelError>Failed to fetch branch data for map. This map shows deposit-holding branches only.</PanelError>;
  if (branches.data.branches.length === 0) return <PanelEmpty>No geocoded branch data available for map. Map view shows deposit-holding branches only.</PanelEmpty>;
  return (
    <>
      <Suspense fallback={<PanelLoading text="Loading map..." />}>
        <BranchMap branches={branches.data.branches} />
      </Suspense>
      {/* a bank with more branches than the map holds would otherwise look as if the map showed them all */}
      {branches.data.total > MAP_LIMIT && (
        <PanelEmpty>
          The map shows the first {formatCount(MAP_LIMIT)} of {formatCount(branches.data.total)} deposit-holding branches; the List view lists every office.
        </PanelEmpty>
      )}
    </>
  );
}

function LocationsChart({ cert, knownTotal }: { cert: number; knownTotal: number | null }) {
  const { tooltipProps, barCursor } = useChartTooltip();
  const chartPalette = useChartPalette();
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const all = useQuery({
    queryKey: chartKey(cert),
    queryFn: async () => (await dataProvider.locations(cert, { limit: LOCATIONS_CHART_LIMIT, offset: 0 })).items.map(branchOf),
  });
  if (all.isPending) return <PanelLoading text="Loading Locations..." />;
  if (all.isError) return <PanelError>Failed to fetch full location data for chart.</PanelError>;
  const counts = officesByState(all.data ?? []);
  if (counts.length === 0) return <PanelEmpty>No location data available for chart.</PanelEmpty>;
  return (
    <Section title="Office Count by State" testId="office-count-chart">
      <Box sx={{ height: Math.max(220, counts.length * 28 + 60) }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={counts} layout="vertical" margin={{ left: 8, right: 24 }}>
            <CartesianGrid strokeDasharray="3 3" opacity={0.4} />
            <XAxis type="number" allowDecimals={false} />
            {/* Every bar is a state: name each (left to itself the axis drops every other name to avoid overlap). */}
            <YAxis type="category" dataKey="state" width={60} interval={0} />
            <Tooltip {...tooltipProps} cursor={barCursor} formatter={(value) => [`${value} offices`, 'Offices']} />
            <Bar dataKey="count" name="Offices" fill={chartPalette.blue} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Box>
      {knownTotal !== null && knownTotal > LOCATIONS_CHART_LIMIT && (
        <PanelEmpty>
          The chart counts the first {LOCATIONS_CHART_LIMIT} of {knownTotal} offices.
        </PanelEmpty>
      )}
    </Section>
  );
}

function LocationsList({ cert, onPage }: { cert: number; onPage: (page: number, branches: Branch[], total: number) => void }) {
  const [page, setPage] = useState(1);
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const list = useQuery({
    queryKey: ['bank', cert, 'locations', page],
    queryFn: async () => {
      const found = await dataProvider.locations(cert, { limit: listPageSize, offset: pageOffset(page, listPageSize) });
      const branches = found.items.map(branchOf);
      onPage(page, branches, found.total);
      return { branches, total: found.total };
    },
    placeholderData: keepPreviousData,
  });
  if (list.isError) return <PanelError>Failed to fetch bank locations. Please try again.</PanelError>;
  if (!list.data) return <PanelLoading text="Loading Locations..." />;
  if (list.data.total === 0) return <PanelEmpty>No locations found for this institution.</PanelEmpty>;
  return (
    <Box sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
      <TableContainer>
        <Table size="small" aria-label="Branch locations">
          <TableHead>
            <TableRow>
              <TableCell>Branch Name</TableCell>
              <TableCell>Address</TableCell>
              <TableCell>County</TableCell>
              <TableCell>Service Type</TableCell>
              <TableCell>Established</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.branches.map((branch) => (
              <TableRow key={branch.id} selected={branch.isMainOffice} data-main-office={branch.isMainOffice || undefined}>
                <TableCell>
                  {branch.name}
                  {branch.isMainOffice && <Chip label="Main Office" size="small" color="primary" sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell>{branchAddress(branch)}</TableCell>
                <TableCell>{branch.county ?? 'N/A'}</TableCell>
                <TableCell>{branch.serviceType ?? 'N/A'}</TableCell>
                <TableCell>{formatDate(branch.establishedDate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Pager page={page} pageSize={listPageSize} total={list.data.total} onPage={setPage} disabled={list.isPlaceholderData} hideWhenOnePage />
    </Box>
  );
}

/**
 * Branch Locations: Map (default), Chart, List. Each view fetches what it needs when first
 * shown; switching views remounts the list, so its page starts again at 1.
 */
export function LocationsPanel({ cert }: { cert: number }) {
  const [view, setView] = useState<LocationsView>('map');
  const [listTotal, setListTotal] = useState<number | null>(null);
  const queryClient = useQueryClient();
  // The chart reuses the list when its first page held every office.
  const rememberPage = useCallback(
    (page: number, branches: Branch[], total: number) => {
      setListTotal(total);
      if (page === 1 && branches.length >= total && queryClient.getQueryData(chartKey(cert)) === undefined) queryClient.setQueryData(chartKey(cert), branches);
    },
    [cert, queryClient],
  );
  return (
    <Box data-testid="locations-panel">
      <PanelTitle
        action={
          <ViewSwitch
            label="Locations view"
            value={view}
            onChange={setView}
            options={[
              { value: 'map', label: 'Map' },
              { value: 'chart', label: 'Chart' },
              { value: 'list', label: 'List' },
            ]}
          />
        }
      >
        Branch Locations
      </PanelTitle>
      {view === 'map' && <LocationsMap cert={cert} />}
      {view === 'chart' && <LocationsChart cert={cert} knownTotal={listTotal} />}
      {view === 'list' && <LocationsList cert={cert} onPage={rememberPage} />}
    </Box>
  );
}
