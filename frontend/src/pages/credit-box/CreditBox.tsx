import { useState } from 'react';
import { Alert, Box, Button, Checkbox, Chip, LinearProgress, Paper, Stack, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import CreditBoxIcon from '@mui/icons-material/TuneOutlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useBankDetail } from '../../bank-detail/index.tsx';
import { ViewDetailsButtonLink, ViewDetailsIconLink } from '../../banks/ViewDetailsLinks.tsx';
import type { BankSearchResult } from '../../banks/bank.ts';
import { BankCardGrid } from '../../banks/BankCardGrid.tsx';
import { BankTable } from '../../banks/BankTable.tsx';
import { ColumnPicker } from '../../banks/ColumnPicker.tsx';
import type { BankColumn } from '../../banks/columns.ts';
import { useFittingColumns } from '../../banks/useFittingColumns.ts';
import { PageHeader } from '../../layout/PageHeader.tsx';
import { CREDIT_BOX_PAGE_SIZE, creditBoxAddress, creditBoxSearchOf, criteriaToSend, defaultFilterState, matchSummary, notReportedNotes, type CreditBoxSearch, type FilterState } from '../../lib/credit-box.ts';
import { capitalColor, countOf, delinquencyColor, efficiencyColor, formatMoney, formatPercent, quarterReports, roaColor } from '../../../../domain/format.ts';
import { ExportBanksButton } from '../../banks/ExportBanksButton.tsx';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { usePickedBanks } from '../../targets/usePickedBanks.ts';
import { useTargetToggle } from '../../targets/useTargetToggle.ts';
import { Pager } from '../../ui/Pager.tsx';
import { RatingText } from '../../ui/RatingText.tsx';
import { useRememberedState } from '../../ui/useRememberedState.ts';
import { useScreenAddress } from '../../ui/useScreenAddress.ts';
import { ViewToggle, type ViewMode } from '../../ui/ViewToggle.tsx';
import { creditBoxCsvColumns, creditBoxFileName } from './export.ts';
import { FilterPanel } from './FilterPanel.tsx';

const BEFORE_SEARCH = 'Adjust your criteria and click "Find Matches" to begin.';
const NO_RESULTS = 'No banks found matching your criteria.';
const FAILED = 'Failed to fetch matching banks.';

type Search = CreditBoxSearch & { run: number };

const COLUMNS_STORAGE_KEY = 'charterline.credit-box.columns';

/** The match score (the share of enabled criteria met, 0-100) as a percent. */
function matchPercent(score: number | null | undefined): string {
  if (score === null || score === undefined || Number.isNaN(score)) return 'N/A';
  return `${Math.round(score)}%`;
}

/** The result columns; on a narrow page the optional ones join in rank order while they fit. */
const creditBoxColumns: BankColumn<BankSearchResult>[] = [
  { id: 'assets', label: 'Assets', align: 'right', render: (bank) => formatMoney(bank.assets) },
  { id: 'deposits', label: 'Deposits', align: 'right', optional: 2, render: (bank) => formatMoney(bank.deposits) },
  { id: 'roa', label: 'ROA', align: 'right', render: (bank) => <RatingText value={formatPercent(bank.roa)} rating={roaColor(bank.roa)} cue="below" /> },
  { id: 'npl', label: 'NPL Ratio', align: 'right', render: (bank) => <RatingText value={formatPercent(bank.nplRatio)} rating={delinquencyColor(bank.nplRatio)} cue="below" /> },
  { id: 'tier1Ratio', label: 'Tier 1 Cap %', cardLabel: 'Tier 1 Cap', align: 'right', optional: 1, render: (bank) => <RatingText value={formatPercent(bank.tier1CapitalRatio)} rating={capitalColor.tier1RiskBased(bank.tier1CapitalRatio)} cue="below" /> },
  { id: 'tier1Capital', label: 'Tier 1 Capital', align: 'right', optional: 4, render: (bank) => formatMoney(bank.tier1Capital) },
  { id: 'efficiency', label: 'Effic. Ratio', align: 'right', optional: 3, render: (bank) => <RatingText value={formatPercent(bank.efficiencyRatio)} rating={efficiencyColor(bank.efficiencyRatio)} cue="below" /> },
  { id: 'match', label: 'Match', align: 'right', render: (bank) => <Chip size="small" label={matchPercent(bank.matchScore)} color="primary" variant="outlined" /> },
];

/** A card shows the headline figures; its footer shows the match. */
const creditBoxCardColumns = creditBoxColumns.filter((column) => ['assets', 'roa', 'npl', 'tier1Ratio'].includes(column.id));

/** Credit Box Search: filters with switches, 'Find Matches', 12 per page in a list or cards. */
export default function CreditBox() {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const detail = useBankDetail();
  const targets = useTargetToggle();
  const picks = usePickedBanks('creditBox.picked', targets.targetCerts);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [filters, setFilters] = useRememberedState<FilterState>('creditBox.filters', defaultFilterState);
  const [search, setSearch] = useRememberedState<Search | null>('creditBox.search', null);
  const [view, setView] = useState<ViewMode>(phone ? 'cards' : 'list');
  const address = creditBoxAddress(search);
  useScreenAddress(address, (query) => {
    // Back at the search left here (Back from Targets): the filters stay as set, switches included.
    const arrived = query === address ? null : creditBoxSearchOf(query);
    if (!arrived) return;
    setFilters(arrived.filters);
    setSearch({ ...arrived.search, run: (search?.run ?? 0) + 1 });
  });

  const results = useQuery({
    queryKey: ['credit-box', search],
    queryFn: () => dataProvider.creditBoxSearch(search!.criteria, search!.page, CREDIT_BOX_PAGE_SIZE),
    enabled: search !== null,
    placeholderData: keepPreviousData,
  });
  // Each 'Find Matches' is a new search from page 1.
  const findMatches = () => setSearch({ criteria: criteriaToSend(filters), page: 1, run: (search?.run ?? 0) + 1 });
  const banks = results.data?.banks ?? [];
  const total = results.data?.total ?? 0;
  const notReported = search && results.data ? notReportedNotes(search.criteria, results.data) : [];
  const { listRef, shown: columns, pick: pickColumns } = useFittingColumns(creditBoxColumns, COLUMNS_STORAGE_KEY, banks);

  return (
    <Box data-testid="credit-box">
      <PageHeader title="Credit Box Search" subtitle="Screen banks against your credit box and rank them by match." icon={<CreditBoxIcon />} actions={<ViewToggle value={view} onChange={setView} />} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <FilterPanel
          state={filters}
          onChange={setFilters}
          onSearch={findMatches}
          searching={results.isFetching}
          notes={Object.fromEntries(notReported.flatMap((note) => (note.filterNote ? [[note.name, note.filterNote]] : [])))}
        />
        <Box sx={{ minWidth: 0 }} ref={listRef}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }} data-testid="credit-box-heading">
              {search && results.data ? `Results (${total.toLocaleString('en-US')})` : 'Search Results'}
            </Typography>
            <Stack direction="row" spacing={1}>
              {search && total > 0 && (
                <ExportBanksButton
                  readPage={async (page, perPage) => {
                    const answer = await dataProvider.creditBoxSearch(search.criteria, page, perPage);
                    return { data: answer.banks, total: answer.total, quarter: answer.quarter };
                  }}
                  columns={creditBoxCsvColumns}
                  fileName={creditBoxFileName}
                />
              )}
              {view === 'list' && banks.length > 0 && <ColumnPicker columns={creditBoxColumns} shown={columns} onPick={pickColumns} />}
            </Stack>
          </Stack>
          {search && results.data?.quarter && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="credit-box-quarter">
              Figures from {quarterReports(results.data.quarter)}. Amounts in US dollars; ratios in percent.
            </Typography>
          )}
          {search && results.data && matchSummary(results.data.total, results.data.fullMatches) && (
            <Typography variant="body2" sx={{ mb: 1 }} data-testid="credit-box-match-summary">
              {matchSummary(results.data.total, results.data.fullMatches)}
            </Typography>
          )}
          {notReported.length > 0 && (
            <Alert severity="warning" sx={{ mb: 1 }} data-testid="credit-box-not-reported">
              {notReported.map((note) => (
                <Typography key={note.name} variant="body2">
                  {note.text}
                </Typography>
              ))}
            </Alert>
          )}
          {picks.picked.length > 0 && (
            <Alert
              severity="info"
              icon={false}
              sx={{ mb: 1, alignItems: 'center' }}
              data-testid="picked-banks"
              action={
                <Stack direction="row" spacing={1}>
                  <Button size="small" variant="contained" onClick={picks.adding ? undefined : () => void picks.addToTargets()} aria-disabled={picks.adding || undefined}>
                    Add to targets
                  </Button>
                  <Button size="small" color="inherit" onClick={picks.clear} disabled={picks.adding}>
                    Clear picks
                  </Button>
                </Stack>
              }
            >
              {countOf(picks.picked.length, 'bank')} picked, on this page and others.
            </Alert>
          )}
          <Box sx={{ height: 4, mb: 1 }}>{results.isFetching && <LinearProgress />}</Box>
          {results.isError ? (
            <Alert severity="error">{FAILED}</Alert>
          ) : !search ? (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
              <Typography color="text.secondary">{BEFORE_SEARCH}</Typography>
            </Paper>
          ) : results.data && banks.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
              <Typography color="text.secondary">{NO_RESULTS}</Typography>
            </Paper>
          ) : view === 'list' ? (
            <BankTable
              rows={banks}
              columns={columns}
              targets={targets}
              onOpen={detail.open}
              actions={(bank) => (
                <>
                  <PickCheckbox bank={bank} picks={picks} />
                  <ViewDetailsIconLink bank={bank} />
                </>
              )}
              label="Matching banks"
              nameHeader="Bank"
              rowTestId="credit-box-row"
            />
          ) : (
            <BankCardGrid
              rows={banks}
              columns={creditBoxCardColumns}
              targets={targets}
              actions={(bank) => (
                <>
                  <ViewDetailsButtonLink cert={bank.cert} />
                  <PickCheckbox bank={bank} picks={picks} />
                </>
              )}
              footer={(bank) => <MatchConfidence bank={bank} />}
              cardTestId="credit-box-card"
            />
          )}
          {search && total > 0 && (
            <Pager page={search.page} pageSize={CREDIT_BOX_PAGE_SIZE} total={total} onPage={(page) => setSearch({ ...search, page })} disabled={results.isFetching} />
          )}
        </Box>
      </Box>
    </Box>
  );
}

/** Picks a bank to add to targets with others (the star adds one at once and opens Targets). */
function PickCheckbox({ bank, picks }: { bank: BankSearchResult; picks: ReturnType<typeof usePickedBanks> }) {
  return (
    <Tooltip title="Pick to add to targets with others">
      <Checkbox size="small" checked={picks.isPicked(bank.cert)} onChange={() => picks.toggle(bank)} slotProps={{ input: { 'aria-label': `Pick ${bank.name}` } }} sx={{ p: 0.5 }} />
    </Tooltip>
  );
}

function MatchConfidence({ bank }: { bank: BankSearchResult }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 1.5 }}>
      <Typography variant="caption" color="text.secondary">
        Match Confidence
      </Typography>
      <Chip size="small" label={matchPercent(bank.matchScore)} color="primary" />
    </Stack>
  );
}
