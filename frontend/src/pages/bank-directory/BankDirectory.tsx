import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  FormControl,
  IconButton,
  InputAdornment,
  InputLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import BankIcon from '@mui/icons-material/AccountBalanceOutlined';
import SearchIcon from '@mui/icons-material/Search';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useBankDetail } from '../../bank-detail/index.tsx';
import { PageHeader } from '../../layout/PageHeader.tsx';
import {
  charterOptions,
  DEFAULT_DIRECTORY_SORT,
  DIRECTORY_FIELDS,
  DIRECTORY_PAGE_SIZE,
  directoryFilters,
  directorySearch,
  nextSort,
  regulatorOptions,
  type SortState,
} from '../../lib/directory.ts';
import { bankRowsOf, type BankRow } from '../../lib/fdic-row.ts';
import { quarterLabel } from '../../lib/format.ts';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { BankTargetStar } from '../../targets/TargetStar.tsx';
import { BankCardHeader } from '../../ui/BankCardHeader.tsx';
import { BankNameCell } from '../../ui/BankNameCell.tsx';
import { useTargetToggle } from '../../targets/useTargetToggle.ts';
import { Pager } from '../../ui/Pager.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import { ViewToggle, type ViewMode } from '../../ui/ViewToggle.tsx';
import { figureColumns } from './columns.tsx';

/** Fourteen columns: tighter cells keep most of them on a laptop screen; the rest scroll sideways. */
const compactCells = { '& .MuiTableCell-root': { px: 1 }, '& .MuiTableCell-paddingCheckbox': { px: 0.5 } } as const;

const EMPTY = 'No banks found matching your criteria for the selected quarter.';
const FAILED = 'Failed to fetch bank data. Please try again.';

/** Bank Directory (spec 1 section 2): search, regulator and charter filters, quarter, sortable list or cards, 50 per page. */
export default function BankDirectory() {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const detail = useBankDetail();
  const targets = useTargetToggle();
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText);
  const [regulator, setRegulator] = useState('');
  const [charter, setCharter] = useState('');
  const [sort, setSort] = useState<SortState>(DEFAULT_DIRECTORY_SORT);
  const [page, setPage] = useState(1);
  const [view, setView] = useState<ViewMode>('list');
  const [chosenQuarter, setChosenQuarter] = useState<string | null>(null);
  // Paging goes back to page 1 when the search settles on new text (spec 1 section 4).
  const [searchedFor, setSearchedFor] = useState(search);
  if (searchedFor !== search) {
    setSearchedFor(search);
    setPage(1);
  }

  const quarters = useQuery({ queryKey: ['fdic', 'quarters'], queryFn: () => dataProvider.quarters(), staleTime: 10 * 60_000 });
  const quarter = chosenQuarter ?? quarters.data?.[0];
  const query = {
    limit: DIRECTORY_PAGE_SIZE,
    offset: (page - 1) * DIRECTORY_PAGE_SIZE,
    sort_by: sort.field,
    sort_order: sort.order,
    search: directorySearch(search),
    filters: directoryFilters(regulator, charter),
    fields: DIRECTORY_FIELDS.join(','),
    quarter,
  };
  const list = useQuery({
    queryKey: ['fdic', 'directory', query],
    queryFn: ({ signal }) => dataProvider.financialsQuery(query, signal),
    enabled: !quarters.isPending,
    placeholderData: keepPreviousData,
  });
  const rows = bankRowsOf(list.data);
  const total = list.data?.meta.total ?? 0;

  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <Box data-testid="bank-directory">
      <PageHeader
        title="Bank Directory"
        subtitle="Every active FDIC-insured bank, from the latest regulator reports."
        icon={<BankIcon />}
        actions={<ViewToggle value={view} onChange={setView} />}
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            placeholder="Search by name..."
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            sx={{ flex: 2 }}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }, htmlInput: { 'aria-label': 'Search by name' } }}
          />
          <FormControl sx={{ flex: 1, minWidth: 140 }}>
            <InputLabel id="directory-regulator" shrink>Regulator</InputLabel>
            <Select labelId="directory-regulator" label="Regulator" notched value={regulator} displayEmpty onChange={(event) => changeFilter(() => setRegulator(event.target.value))} data-testid="directory-regulator">
              {regulatorOptions.map((option) => (
                <MenuItem key={option.value || 'all'} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl sx={{ flex: 2, minWidth: 200 }}>
            <InputLabel id="directory-charter" shrink>Charter</InputLabel>
            <Select labelId="directory-charter" label="Charter" notched value={charter} displayEmpty onChange={(event) => changeFilter(() => setCharter(event.target.value))} data-testid="directory-charter">
              {charterOptions.map((option) => (
                <MenuItem key={option.value || 'all'} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl sx={{ flex: 1, minWidth: 130 }}>
            <InputLabel id="directory-quarter" shrink>Quarter</InputLabel>
            <Select
              labelId="directory-quarter"
              label="Quarter"
              notched
              value={quarter ?? ''}
              onChange={(event) => setChosenQuarter(event.target.value)}
              disabled={!quarters.data?.length}
              data-testid="directory-quarter"
            >
              {(quarters.data ?? []).map((repdte) => (
                <MenuItem key={repdte} value={repdte}>
                  {quarterLabel(repdte)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Stack>
      </Paper>

      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={() => list.refetch()}>Retry</Button>}>
          {FAILED}
        </Alert>
      )}
      <Box sx={{ height: 4 }}>{list.isFetching && <LinearProgress />}</Box>

      {!list.isPending && !list.isError && rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{EMPTY}</Typography>
        </Paper>
      ) : view === 'list' ? (
        <DirectoryTable rows={rows} sort={sort} onSort={(field) => changeFilter(() => setSort(nextSort(sort, field)))} targets={targets} onOpen={detail.open} />
      ) : (
        <DirectoryCards rows={rows} targets={targets} onOpen={detail.open} />
      )}
      {total > 0 && <Pager page={page} pageSize={DIRECTORY_PAGE_SIZE} total={total} onPage={setPage} disabled={list.isFetching} />}
    </Box>
  );
}

type Targets = ReturnType<typeof useTargetToggle>;
type OpenDetail = ReturnType<typeof useBankDetail>['open'];

function RowActions({ row, onOpen }: { row: BankRow; onOpen: OpenDetail }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title="View Details">
        <IconButton size="small" aria-label={`View details of ${row.name}`} onClick={(event) => { event.stopPropagation(); onOpen(row.cert); }}>
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Add Contact">
        <IconButton size="small" aria-label={`Add a contact at ${row.name}`} onClick={(event) => { event.stopPropagation(); onOpen(row.cert, 'contacts'); }}>
          <PersonAddIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

function DirectoryTable({ rows, sort, onSort, targets, onOpen }: { rows: BankRow[]; sort: SortState; onSort: (field: string) => void; targets: Targets; onOpen: OpenDetail }) {
  const sortLabel = (field: string, label: string) => (
    <TableSortLabel active={sort.field === field} direction={sort.field === field ? (sort.order === 'ASC' ? 'asc' : 'desc') : 'desc'} onClick={() => onSort(field)}>
      {label}
    </TableSortLabel>
  );
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Banks" sx={compactCells}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell sortDirection={sort.field === 'NAME' ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}>{sortLabel('NAME', 'Bank Name')}</TableCell>
            {figureColumns.map((column) => (
              <TableCell key={column.sortField} align={column.align} sortDirection={sort.field === column.sortField ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}>
                {sortLabel(column.sortField, column.label)}
              </TableCell>
            ))}
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.cert} hover onClick={() => onOpen(row.cert)} sx={{ cursor: 'pointer' }} data-testid="directory-row">
              <TableCell padding="checkbox">
                <BankTargetStar targets={targets} bank={row} />
              </TableCell>
              <BankNameCell bank={row} maxWidth={260} />
              {figureColumns.map((column) => (
                <TableCell key={column.sortField} align={column.align} sx={{ whiteSpace: 'nowrap' }}>
                  {column.render(row)}
                </TableCell>
              ))}
              <TableCell align="right">
                <RowActions row={row} onOpen={onOpen} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function DirectoryCards({ rows, targets, onOpen }: { rows: BankRow[]; targets: Targets; onOpen: OpenDetail }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' } }}>
      {rows.map((row) => (
        <Card key={row.cert} data-testid="directory-card" sx={{ display: 'flex', flexDirection: 'column' }}>
          <CardContent sx={{ flex: 1 }}>
            <BankCardHeader bank={row} targets={targets} />
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 2, rowGap: 0.75 }}>
              {figureColumns.map((column) => (
                <Stack key={column.sortField} direction="row" sx={{ justifyContent: 'space-between', gap: 1, minWidth: 0 }}>
                  <Typography variant="caption" color="text.secondary" noWrap>
                    {column.cardLabel ?? column.label}
                  </Typography>
                  <Typography variant="caption" sx={{ fontWeight: 600 }} noWrap>
                    {column.render(row)}
                  </Typography>
                </Stack>
              ))}
            </Box>
          </CardContent>
          <CardActions sx={{ justifyContent: 'flex-end' }}>
            <Button size="small" startIcon={<VisibilityIcon />} onClick={() => onOpen(row.cert)}>
              Details
            </Button>
            <Button size="small" startIcon={<PersonAddIcon />} onClick={() => onOpen(row.cert, 'contacts')}>
              Contact
            </Button>
          </CardActions>
        </Card>
      ))}
    </Box>
  );
}
