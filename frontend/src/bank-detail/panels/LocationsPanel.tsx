import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '../../../../domain/format.ts';
import { bankDetailApi } from '../api.ts';
import { Pager } from '../../ui/Pager.tsx';
import { PanelEmpty, PanelError, PanelLoading } from '../components/PanelState.tsx';
import { PanelTitle, Section } from '../components/Section.tsx';
import { ViewSwitch } from '../components/ViewSwitch.tsx';
import { branchAddress, branchOf, geocoded, officesByState, type Branch } from '../lib/locations.ts';
import { pageOffset } from '../../lib/paging.ts';
import { listPageSize } from '../lib/pagination.ts';
import { useLoad } from '../useLoad.ts';

/** Leaflet and the states outline load only when the map is shown. */
const BranchMap = lazy(() => import('../components/BranchMap.tsx'));

/** 500 locations for the chart, 1000 deposit-holding branches for the map. */
export const LOCATIONS_CHART_LIMIT = 500;
export const MAP_LIMIT = 1000;

type LocationsView = 'map' | 'chart' | 'list';
type Once = <T>(key: 'map' | 'chart', load: () => Promise<T>) => Promise<T>;

function LocationsMap({ cert, once }: { cert: number; once: Once }) {
  // The map shows deposit-holding branches (Summary of Deposits carries their coordinates), fetched once.
  const branches = useLoad(
    () => once('map', async () => geocoded((await bankDetailApi.summaryOfDeposits(cert, { limit: MAP_LIMIT, offset: 0 })).items.map(branchOf))),
    [cert, once],
  );
  if (branches.status === 'loading') return <PanelLoading text="Loading Locations..." />;
  if (branches.status === 'error') return <PanelError>Failed to fetch branch data for map. This map shows deposit-holding branches only.</PanelError>;
  if (!branches.data || branches.data.length === 0) return <PanelEmpty>No geocoded branch data available for map. Map view shows deposit-holding branches only.</PanelEmpty>;
  return (
    <Suspense fallback={<PanelLoading text="Loading map..." />}>
      <BranchMap branches={branches.data} />
    </Suspense>
  );
}

function LocationsChart({ cert, knownTotal, once }: { cert: number; knownTotal: number | null; once: Once }) {
  const all = useLoad(() => once('chart', async () => (await bankDetailApi.locations(cert, { limit: LOCATIONS_CHART_LIMIT, offset: 0 })).items.map(branchOf)), [cert, once]);
  if (all.status === 'loading') return <PanelLoading text="Loading Locations..." />;
  if (all.status === 'error') return <PanelError>Failed to fetch full location data for chart.</PanelError>;
  const counts = officesByState(all.data ?? []);
  if (counts.length === 0) return <PanelEmpty>No location data available for chart.</PanelEmpty>;
  return (
    <Section title="Office Count by State" testId="office-count-chart">
      <Box sx={{ height: Math.max(220, counts.length * 28 + 60) }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={counts} layout="vertical" margin={{ left: 8, right: 24 }}>
            <CartesianGrid strokeDasharray="3 3" opacity={0.4} />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="state" width={60} />
            <Tooltip formatter={(value) => [`${value} offices`, 'Offices']} />
            <Bar dataKey="count" name="Offices" fill="#2563eb" isAnimationActive={false} />
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
  const list = useLoad(async () => {
    const found = await bankDetailApi.locations(cert, { limit: listPageSize, offset: pageOffset(page, listPageSize) });
    const branches = found.items.map(branchOf);
    onPage(page, branches, found.total);
    return { branches, total: found.total };
  }, [cert, page]);
  if (list.status === 'error') return <PanelError>Failed to fetch bank locations. Please try again.</PanelError>;
  if (!list.data) return <PanelLoading text="Loading Locations..." />;
  if (list.data.total === 0) return <PanelEmpty>No locations found for this institution.</PanelEmpty>;
  return (
    <Box sx={{ opacity: list.status === 'loading' ? 0.6 : 1 }}>
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
      <Pager page={page} pageSize={listPageSize} total={list.data.total} onPage={setPage} disabled={list.status === 'loading'} hideWhenOnePage />
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
  // The map and chart data are fetched once per bank; the chart reuses the list when one page held every office.
  const cache = useRef(new Map<string, Promise<unknown>>());
  const once = useCallback<Once>((key, load) => {
    let pending = cache.current.get(key) as ReturnType<typeof load> | undefined;
    if (!pending) {
      pending = load().catch((error: unknown) => {
        cache.current.delete(key);
        throw error;
      });
      cache.current.set(key, pending);
    }
    return pending;
  }, []);
  const rememberPage = useCallback((page: number, branches: Branch[], total: number) => {
    setListTotal(total);
    if (page === 1 && branches.length >= total && !cache.current.has('chart')) cache.current.set('chart', Promise.resolve(branches));
  }, []);
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
      {view === 'map' && <LocationsMap cert={cert} once={once} />}
      {view === 'chart' && <LocationsChart cert={cert} knownTotal={listTotal} once={once} />}
      {view === 'list' && <LocationsList cert={cert} onPage={rememberPage} />}
    </Box>
  );
}
