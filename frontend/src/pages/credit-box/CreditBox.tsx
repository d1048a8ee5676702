import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import CreditBoxIcon from '@mui/icons-material/TuneOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useBankDetail } from '../../bank-detail/index.tsx';
import { PageHeader } from '../../layout/PageHeader.tsx';
import { CREDIT_BOX_PAGE_SIZE, criteriaToSend, defaultFilterState, type FilterState } from '../../lib/credit-box.ts';
import { capitalColor, delinquencyColor, efficiencyColor, formatMoney, formatPercent, roaColor } from '../../lib/format.ts';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import type { CreditBoxCriteria, NormalisedBank } from '../../providers/services.ts';
import { BankTargetStar } from '../../targets/TargetStar.tsx';
import { BankCardHeader } from '../../ui/BankCardHeader.tsx';
import { BankNameCell } from '../../ui/BankNameCell.tsx';
import { useTargetToggle } from '../../targets/useTargetToggle.ts';
import { Pager } from '../../ui/Pager.tsx';
import { RatingText } from '../../ui/RatingText.tsx';
import { ViewToggle, type ViewMode } from '../../ui/ViewToggle.tsx';
import { FilterPanel } from './FilterPanel.tsx';

const BEFORE_SEARCH = 'Adjust your criteria and click "Find Matches" to begin.';
const NO_RESULTS = 'No banks found matching your criteria.';
const FAILED = 'Failed to fetch matching banks.';

type Search = { criteria: CreditBoxCriteria; page: number; run: number };

/** The match score (the share of enabled criteria met, 0-100) as a percent. */
function matchPercent(score: number | null | undefined): string {
  if (score === null || score === undefined || Number.isNaN(score)) return 'N/A';
  return `${Math.round(score)}%`;
}

/** Credit Box Search (spec 1 section 2): filters with switches, 'Find Matches', 12 per page in a list or cards. */
export default function CreditBox() {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const detail = useBankDetail();
  const targets = useTargetToggle();
  const [filters, setFilters] = useState<FilterState>(defaultFilterState);
  const [search, setSearch] = useState<Search | null>(null);
  const [view, setView] = useState<ViewMode>('list');

  const results = useQuery({
    queryKey: ['credit-box', search],
    queryFn: () => dataProvider.creditBoxSearch(search!.criteria, search!.page, CREDIT_BOX_PAGE_SIZE),
    enabled: search !== null,
    placeholderData: keepPreviousData,
  });
  // Each 'Find Matches' is a new search from page 1 (spec 1 section 4).
  const findMatches = () => setSearch({ criteria: criteriaToSend(filters), page: 1, run: (search?.run ?? 0) + 1 });
  const banks = results.data?.banks ?? [];
  const total = results.data?.total ?? 0;

  return (
    <Box data-testid="credit-box">
      <PageHeader title="Credit Box Search" subtitle="Screen banks against your credit box and rank them by match." icon={<CreditBoxIcon />} actions={<ViewToggle value={view} onChange={setView} />} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <FilterPanel state={filters} onChange={setFilters} onSearch={findMatches} searching={results.isFetching} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }} data-testid="credit-box-heading">
            {search && results.data ? `Results (${total.toLocaleString('en-US')})` : 'Search Results'}
          </Typography>
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
            <ResultsTable banks={banks} targets={targets} onOpen={detail.open} />
          ) : (
            <ResultCards banks={banks} targets={targets} onOpen={detail.open} />
          )}
          {search && total > 0 && (
            <Pager page={search.page} pageSize={CREDIT_BOX_PAGE_SIZE} total={total} onPage={(page) => setSearch({ ...search, page })} disabled={results.isFetching} />
          )}
        </Box>
      </Box>
    </Box>
  );
}

type Targets = ReturnType<typeof useTargetToggle>;
type OpenDetail = ReturnType<typeof useBankDetail>['open'];

function ResultsTable({ banks, targets, onOpen }: { banks: NormalisedBank[]; targets: Targets; onOpen: OpenDetail }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Matching banks" sx={{ '& .MuiTableCell-root': { px: 1 }, '& .MuiTableCell-paddingCheckbox': { px: 0.5 } }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>Bank</TableCell>
            <TableCell align="right">Assets</TableCell>
            <TableCell align="right">Deposits</TableCell>
            <TableCell align="right">ROA</TableCell>
            <TableCell align="right">NPL Ratio</TableCell>
            <TableCell align="right">Tier 1 Cap %</TableCell>
            <TableCell align="right">Tier 1 Capital</TableCell>
            <TableCell align="right">Effic. Ratio</TableCell>
            <TableCell align="right">Match</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {banks.map((bank) => (
            <TableRow key={bank.cert} hover onClick={() => onOpen(bank.cert)} sx={{ cursor: 'pointer' }} data-testid="credit-box-row">
              <TableCell padding="checkbox">
                <BankTargetStar targets={targets} bank={bank} />
              </TableCell>
              <BankNameCell bank={bank} maxWidth={240} />
              <TableCell align="right">{formatMoney(bank.assets)}</TableCell>
              <TableCell align="right">{formatMoney(bank.deposits)}</TableCell>
              <TableCell align="right"><RatingText value={formatPercent(bank.roa)} rating={roaColor(bank.roa)} /></TableCell>
              <TableCell align="right"><RatingText value={formatPercent(bank.nplRatio)} rating={delinquencyColor(bank.nplRatio)} /></TableCell>
              <TableCell align="right"><RatingText value={formatPercent(bank.tier1CapitalRatio)} rating={capitalColor(bank.tier1CapitalRatio)} /></TableCell>
              <TableCell align="right">{formatMoney(bank.tier1Capital)}</TableCell>
              <TableCell align="right"><RatingText value={formatPercent(bank.efficiencyRatio)} rating={efficiencyColor(bank.efficiencyRatio)} /></TableCell>
              <TableCell align="right">
                <Chip size="small" label={matchPercent(bank.matchScore)} color="primary" variant="outlined" />
              </TableCell>
              <TableCell align="right">
                <Tooltip title="View Details">
                  <IconButton size="small" aria-label={`View details of ${bank.name}`} onClick={(event) => { event.stopPropagation(); onOpen(bank.cert); }}>
                    <VisibilityIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ResultCards({ banks, targets, onOpen }: { banks: NormalisedBank[]; targets: Targets; onOpen: OpenDetail }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' } }}>
      {banks.map((bank) => (
        <Card key={bank.cert} data-testid="credit-box-card" sx={{ display: 'flex', flexDirection: 'column' }}>
          <CardContent sx={{ flex: 1 }}>
            <BankCardHeader bank={bank} targets={targets} />
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
              <CardFigure label="Assets" value={formatMoney(bank.assets)} />
              <CardFigure label="ROA" value={<RatingText value={formatPercent(bank.roa)} rating={roaColor(bank.roa)} />} />
              <CardFigure label="NPL Ratio" value={<RatingText value={formatPercent(bank.nplRatio)} rating={delinquencyColor(bank.nplRatio)} />} />
              <CardFigure label="Tier 1 Cap" value={<RatingText value={formatPercent(bank.tier1CapitalRatio)} rating={capitalColor(bank.tier1CapitalRatio)} />} />
            </Box>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 1.5 }}>
              <Typography variant="caption" color="text.secondary">
                Match Confidence
              </Typography>
              <Chip size="small" label={matchPercent(bank.matchScore)} color="primary" />
            </Stack>
          </CardContent>
          <CardActions sx={{ justifyContent: 'flex-end' }}>
            <Button size="small" startIcon={<VisibilityIcon />} onClick={() => onOpen(bank.cert)}>
              Details
            </Button>
          </CardActions>
        </Card>
      ))}
    </Box>
  );
}

function CardFigure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}
