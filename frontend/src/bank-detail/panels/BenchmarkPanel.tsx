import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Collapse,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { AiAnalysis } from '../../ai/AiAnalysis.tsx';
import { aiApi } from '../../ai/api.ts';
import { formatMoney, quarterLabel, quarterReports } from '../../../../domain/format.ts';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { useToast } from '../../ui/Toast.tsx';
import { GroupedBarChart } from '../components/GroupedBarChart.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { PanelEmpty, PanelLoading } from '../components/PanelState.tsx';
import { PanelTitle, Section } from '../components/Section.tsx';
import { useBankDetail } from '../address.ts';
import { pageInfo } from '../../lib/paging.ts';
import { listPageSize } from '../lib/pagination.ts';
import { charterTypeOptions, comparisonRows, peerAverages, peerCategories, regulatorOptions, sortPeers, type PeerSort } from '../lib/peers.ts';
import {
  defaultPeerCriteria,
  findPeerGroups,
  stateOptions,
  thinGroupWords,
  widerGroupCompared,
  type PeerCriteria,
  type PeerGroupAlternative,
  type PeerGroups as PeerGroupsOf,
} from '../../../../domain/peers.ts';
import { benchmarkLeftIn, draftCriteria, freshBenchmark, withBenchmark, type BenchmarkState, type PeerDraft, type PeerListState } from '../lib/benchmarkState.ts';
import type { BankFigures } from '../../banks/bank.ts';
import { newestQuarter, useQuarterOfBank, type BankDetailData } from '../useBankDetailData.ts';

function PeerGroupForm({ draft, onChange, loading, onSubmit }: { draft: PeerDraft; onChange: (draft: PeerDraft) => void; loading: boolean; onSubmit: () => void }) {
  const set = <K extends keyof PeerDraft>(key: K, value: PeerDraft[K]) => onChange({ ...draft, [key]: value });
  const select = (key: 'state' | 'regulator' | 'charterType', label: string, options: readonly string[]) => (
    <FormControl sx={{ width: 150 }}>
      <InputLabel id={`peer-${key}`}>{label}</InputLabel>
      <Select labelId={`peer-${key}`} label={label} value={draft[key]} onChange={(event) => set(key, event.target.value)} name={key}>
        {options.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
  // The asset fields keep the text as typed, so an emptied field stays empty rather than turning into
  // a 0 that the next digits are typed after ('0500000000'); the text is read as a number (empty as 0).
  // Whole dollars: a phone brings up its number pad (type="number" alone gives iOS's row of digits and signs).
  const assetField = (key: 'minAssets' | 'maxAssets', label: string) => (
    <TextField
      label={label}
      name={key}
      type="number"
      value={draft[key]}
      onChange={(event) => set(key, event.target.value)}
      slotProps={{ htmlInput: { step: 1_000_000, min: 0, inputMode: 'numeric' } }}
      helperText={formatMoney(draftCriteria(draft)[key])}
      sx={{ width: 200 }}
    />
  );
  return (
    <Section title="Peer Group Selection">
      <Box
        component="form"
        // The 1,000,000 step is for the arrows only: the rounded 50%/150% defaults are not multiples of it.
        noValidate
        sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {assetField('minAssets', 'Min Assets')}
        {assetField('maxAssets', 'Max Assets')}
        {select('state', 'State', stateOptions)}
        {select('regulator', 'Regulator', regulatorOptions)}
        {select('charterType', 'Charter Type', charterTypeOptions)}
        <Button type="submit" variant="contained" disabled={loading} sx={{ alignSelf: 'flex-start', mt: 0.25 }}>
          Update Peer Group
        </Button>
      </Box>
    </Section>
  );
}

function PeerList({
  peers,
  loading,
  list,
  onList,
  onOpenPeer,
}: {
  peers: BankFigures[];
  loading: boolean;
  list: PeerListState;
  onList: (list: PeerListState) => void;
  onOpenPeer: (cert: number) => void;
}) {
  const { expanded, sort, page } = list;
  const sorted = useMemo(() => sortPeers(peers, sort), [peers, sort]);
  const info = pageInfo(page, listPageSize, sorted.length);
  const visible = sorted.slice((info.page - 1) * listPageSize, info.page * listPageSize);
  const sortBy = (field: PeerSort['field']) =>
    onList({ ...list, sort: { field, direction: sort.field === field && sort.direction === 'desc' ? 'asc' : 'desc' }, page: 1 });
  return (
    <Section
      title={
        <Button onClick={() => onList({ ...list, expanded: !expanded })} endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />} aria-expanded={expanded} sx={{ fontSize: '1rem', p: 0 }}>
          Identified Peer Banks ({peers.length})
        </Button>
      }
    >
      <Collapse in={expanded} unmountOnExit>
        <TableContainer>
          <Table size="small" aria-label="Identified peer banks">
            <TableHead>
              <TableRow>
                <TableCell sortDirection={sort.field === 'name' ? sort.direction : false}>
                  <TableSortLabel active={sort.field === 'name'} direction={sort.field === 'name' ? sort.direction : 'asc'} onClick={() => sortBy('name')}>
                    Name
                  </TableSortLabel>
                </TableCell>
                <TableCell>State</TableCell>
                <TableCell align="right" sortDirection={sort.field === 'assets' ? sort.direction : false}>
                  <TableSortLabel active={sort.field === 'assets'} direction={sort.field === 'assets' ? sort.direction : 'desc'} onClick={() => sortBy('assets')}>
                    Assets
                  </TableSortLabel>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visible.map((peer) => (
                <TableRow key={peer.cert} hover sx={{ cursor: 'pointer' }} onClick={() => peer.cert && onOpenPeer(peer.cert)} data-peer-cert={peer.cert}>
                  <TableCell>{peer.name ?? 'Unknown Bank'}</TableCell>
                  <TableCell>{peer.state ?? 'N/A'}</TableCell>
                  <TableCell align="right">{formatMoney(peer.assets)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Pager page={info.page} pageSize={listPageSize} total={sorted.length} onPage={(next) => onList({ ...list, page: next })} disabled={loading} hideWhenOnePage />
      </Collapse>
    </Section>
  );
}

/** The target's figures under the same labels as the peer averages, for the AI peer analysis. */
function targetFigures(bank: BankFigures & { name: string }): Record<string, unknown> {
  const figures: Record<string, unknown> = { name: bank.name };
  for (const category of peerCategories) for (const metric of category.metrics) figures[metric.label] = metric.value(bank);
  return figures;
}

type Alternative = PeerGroupAlternative & { peers: BankFigures[] };
type ShownGroup = BenchmarkState['shown'];
type PeerGroups = PeerGroupsOf<BankFigures>;

const noPeerGroups: PeerGroups = { chosen: [], alternatives: [] };

/** The bank compared: its cert, and the quarter its figures are of (YYYYMMDD). */
type Compared = { cert: number; quarter: string };

/** Peers for a search, with their figures of the bank's quarter, without the bank itself. */
async function findPeers(dataProvider: CharterlineDataProvider, compared: Compared, criteria: PeerCriteria, limit: number): Promise<BankFigures[]> {
  const found = await dataProvider.peers(criteria, limit, compared.quarter);
  return found.filter((peer) => Number(peer.cert) !== compared.cert);
}

/** The first wider group with enough peers when the chosen one is thin, else the chosen one. */
function defaultShown(groups: PeerGroups): ShownGroup {
  return widerGroupCompared(groups.alternatives)?.kind ?? 'chosen';
}

/**
 * Benchmark view: peer group selection (by default the bank's state and 50%-150% of its assets), the
 * peers found, and one comparison chart per metric category. When the group has fewer than
 * MIN_PEERS peers, a wider group is shown instead and said so, with the choice of the other wider
 * group or the user's own. The bank and its peers are compared on the quarter picked in the
 * Financials view (the bank's newest when none is), each with its figures of that quarter. A bank with
 * no figures of the quarter (one that failed or merged before the quarters held, or that did not
 * report the one picked) has nothing to compare: drawn as zeros, it was 'ahead' on cost of funds.
 */
export function BenchmarkPanel({ data, picked }: { data: BankDetailData; picked: string | null }) {
  const quarter = picked ?? newestQuarter(data);
  const { record, bank, loading } = useQuarterOfBank(data, quarter);
  if (record === null) {
    return (
      <Box data-testid="benchmark-panel">
        <BenchmarkTitle quarter={quarter} />
        {loading ? (
          <PanelLoading text="Loading the quarter's financials..." />
        ) : (
          <PanelEmpty>
            {data.latestFinancials === null
              ? 'No quarterly financials are on file for this bank, so it cannot be compared with peers.'
              : `This bank reported no financials for ${quarterLabel(quarter)}, so it cannot be compared with peers on that quarter.`}
          </PanelEmpty>
        )}
      </Box>
    );
  }
  // A quarter picked starts the comparison afresh: its peer group is drawn around the bank's assets of that quarter.
  return <PeerBenchmark key={quarter} data={data} bank={bank} quarter={quarter} />;
}

/** The view's heading, naming the quarter compared. */
function BenchmarkTitle({ quarter }: { quarter: string }) {
  return <PanelTitle>{quarter ? `Benchmark: ${quarterLabel(quarter)}` : 'Benchmark'}</PanelTitle>;
}

function PeerBenchmark({ data, bank, quarter }: { data: BankDetailData; bank: BankDetailData['bank']; quarter: string }) {
  const toast = useToast();
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const location = useLocation();
  const navigate = useNavigate();
  const { open } = useBankDetail();
  // As the user left it when they opened a peer and came back (the group shown then is shown again,
  // whichever its answer would show first), else the bank's default peer group.
  const [start] = useState(() => {
    const left = benchmarkLeftIn(location.state, quarter);
    return left ? { ...left, picked: { run: left.search.run, kind: left.shown } } : { ...freshBenchmark(quarter, defaultPeerCriteria(bank)), picked: null };
  });
  // Each 'Update Peer Group' is a new search, even with the same criteria.
  const [search, setSearch] = useState(start.search);
  const [draft, setDraft] = useState(start.draft);
  const [list, setList] = useState(start.list);
  // The group the user switched to, for the search it was picked on; a new search shows its default group.
  const [picked, setPicked] = useState<{ run: number; kind: ShownGroup } | null>(start.picked);

  const query = useQuery({
    queryKey: ['bank', data.cert, 'peers', quarter, search],
    queryFn: () =>
      findPeerGroups((criteria, limit) => findPeers(dataProvider, { cert: data.cert, quarter }, criteria, limit), bank, search.criteria).catch((error: unknown) => {
        toast.error('Failed to fetch peer banks.');
        throw error;
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const loading = query.isFetching;
  const groups = query.isError ? noPeerGroups : query.data;
  const chosen = groups?.chosen ?? null;
  const alternatives = groups?.alternatives ?? [];
  const shown = !groups ? 'chosen' : picked?.run === search.run ? picked.kind : defaultShown(groups);
  const setShown = (kind: ShownGroup) => setPicked({ run: search.run, kind });
  // The bank's history entry keeps the Benchmark as it is now, so that Back from the peer shows it again.
  const openPeer = (cert: number) => {
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: withBenchmark(location.state, { quarter, search, draft, list, shown }) });
    open(cert);
  };

  const alternative = alternatives.find((candidate) => candidate.kind === shown);
  const peers = alternative?.peers ?? chosen;

  return (
    <Box data-testid="benchmark-panel">
      <BenchmarkTitle quarter={quarter} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="benchmark-quarter">
        This bank and its peers compared on {quarterReports(quarter)}.
      </Typography>
      <PeerGroupForm
        draft={draft}
        onChange={setDraft}
        loading={loading}
        onSubmit={() => {
          setSearch((current) => ({ criteria: draftCriteria(draft), run: current.run + 1 }));
          setList((current) => ({ ...current, page: 1 }));
        }}
      />
      {peers === null || (loading && peers.length === 0) ? (
        <PanelLoading text="Finding peer banks..." />
      ) : (
        <>
          {alternatives.length > 0 && chosen && (
            <WiderGroupNotice chosenCount={chosen.length} alternatives={alternatives} shown={alternative} onShow={setShown} />
          )}
          <PeerList peers={peers} loading={loading} list={list} onList={setList} onOpenPeer={openPeer} />
          {peers.length === 0 ? (
            <PanelEmpty>No peers found for the selected criteria. Comparison charts cannot be generated.</PanelEmpty>
          ) : (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' }, gap: 2, opacity: loading ? 0.5 : 1 }}>
              {peerCategories.map((category) => (
                <Section key={category.name} title={`${category.name} (vs. ${peers.length} Peers)`} testId="peer-category-chart">
                  <GroupedBarChart rows={comparisonRows(category, bank, peers)} />
                </Section>
              ))}
            </Box>
          )}
          <Typography variant="caption" color="text.secondary">
            Peer averages are simple means over the peers that report each figure.
          </Typography>
          {peers.length > 0 && (
            <Section title="AI-Powered Analysis" testId="peer-ai-analysis">
              <AiAnalysis
                cert={data.cert}
                kind="peers"
                quarter={quarter}
                generate={(again) => aiApi.analyzePeers(targetFigures(bank), { peerCount: peers.length, averages: peerAverages(peers) }, data.cert, quarter, again)}
                buttonLabel="Generate Analysis"
                successText="AI analysis complete."
                failureText="Failed to generate AI analysis."
                emptyText="Compare this bank with its peer group in words: where it leads, where it trails."
                disabled={loading}
              />
            </Section>
          )}
        </>
      )}
    </Box>
  );
}

/** Says that the chosen group is thin and which wider group is compared instead; lets the user switch. */
function WiderGroupNotice({
  chosenCount,
  alternatives,
  shown,
  onShow,
}: {
  chosenCount: number;
  alternatives: Alternative[];
  shown: Alternative | undefined;
  onShow: (kind: ShownGroup) => void;
}) {
  const thin = thinGroupWords(chosenCount, 'the selected peer group');
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="peer-group-notice">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {shown ? `${thin}, so the comparison uses ${shown.description} (${shown.peers.length} peers).` : `${thin}.`}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {alternatives
          .filter((alternative) => alternative.kind !== shown?.kind && alternative.peers.length > 0)
          .map((alternative) => (
            <Button key={alternative.kind} size="small" variant="outlined" onClick={() => onShow(alternative.kind)}>
              {alternative.label} ({alternative.peers.length})
            </Button>
          ))}
        {shown && (
          <Button size="small" onClick={() => onShow('chosen')}>
            Show the selected group ({chosenCount})
          </Button>
        )}
      </Box>
    </Alert>
  );
}
