import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControl,
  IconButton,
  InputAdornment,
  InputLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import BankIcon from '@mui/icons-material/AccountBalanceOutlined';
import SearchIcon from '@mui/icons-material/Search';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useBankDetail } from '../../bank-detail/index.tsx';
import { ViewDetailsButtonLink, ViewDetailsIconLink } from '../../banks/ViewDetailsLinks.tsx';
import { BankCardGrid } from '../../banks/BankCardGrid.tsx';
import { BankTable } from '../../banks/BankTable.tsx';
import { ExportBanksButton } from '../../banks/ExportBanksButton.tsx';
import { ColumnPicker } from '../../banks/ColumnPicker.tsx';
import { useFittingColumns } from '../../banks/useFittingColumns.ts';
import { PageHeader } from '../../layout/PageHeader.tsx';
import {
  charterOptions,
  DEFAULT_DIRECTORY_SORT,
  DIRECTORY_FIELDS,
  DIRECTORY_PAGE_SIZE,
  directoryAddress,
  directoryFilters,
  directoryScreenOf,
  directorySearch,
  nextSort,
  regulatorOptions,
  type SortState,
} from '../../lib/directory.ts';
import { stateCodes } from '../../lib/credit-box.ts';
import { bankRowsOf, type BankRow } from '../../lib/fdic-row.ts';
import { quarterLabel } from '../../../../domain/format.ts';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { ContactFormDialog } from '../../resources/contacts/ContactFormDialog.tsx';
import { useTargetToggle } from '../../targets/useTargetToggle.ts';
import { pageInfo } from '../../lib/paging.ts';
import { Pager } from '../../ui/Pager.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import { useRememberedState } from '../../ui/useRememberedState.ts';
import { useScreenAddress } from '../../ui/useScreenAddress.ts';
import { ViewToggle, type ViewMode } from '../../ui/ViewToggle.tsx';
import { directoryColumns } from './columns.tsx';
import { directoryCsvColumns, directoryFileName } from './export.ts';

const COLUMNS_STORAGE_KEY = 'charterline.directory.columns';

const EMPTY = 'No banks found matching your criteria for the selected quarter.';
const FAILED = 'Failed to fetch bank data. Please try again.';

/**
 * Bank Directory: search, regulator, charter and state filters, quarter, a sortable list (the columns that
 * fit the page, more through 'Columns') or cards (the default on a phone), 50 per page.
 */
export default function BankDirectory() {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const detail = useBankDetail();
  const targets = useTargetToggle();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [contactBank, setContactBank] = useState<BankRow | null>(null);
  const [searchText, setSearchText] = useRememberedState('bankDirectory.searchText', '');
  const search = useDebounced(searchText);
  const [regulator, setRegulator] = useRememberedState('bankDirectory.regulator', '');
  const [charter, setCharter] = useRememberedState('bankDirectory.charter', '');
  const [states, setStates] = useRememberedState<string[]>('bankDirectory.states', []);
  const [sort, setSort] = useRememberedState<SortState>('bankDirectory.sort', DEFAULT_DIRECTORY_SORT);
  const [page, setPage] = useRememberedState('bankDirectory.page', 1);
  const [view, setView] = useState<ViewMode>(phone ? 'cards' : 'list');
  const [chosenQuarter, setChosenQuarter] = useRememberedState<string | null>('bankDirectory.quarter', null);

  useScreenAddress(directoryAddress({ search: searchText, regulator, charter, states, sort, page, quarter: chosenQuarter }), (query) => {
    const screen = directoryScreenOf(query);
    if (!screen) return;
    setSearchText(screen.search);
    setRegulator(screen.regulator);
    setCharter(screen.charter);
    setStates(screen.states);
    setSort(screen.sort);
    setPage(screen.page);
    setChosenQuarter(screen.quarter);
  });

  const quarters = useQuery({ queryKey: ['fdic', 'quarters'], queryFn: () => dataProvider.quarters(), staleTime: 10 * 60_000 });
  // An address saved before a quarter left the data (or typed by hand) opens the newest quarter, not
  // a list that cannot load.
  const quarter = chosenQuarter && (!quarters.data || quarters.data.includes(chosenQuarter)) ? chosenQuarter : quarters.data?.[0];
  const query = {
    limit: DIRECTORY_PAGE_SIZE,
    offset: (page - 1) * DIRECTORY_PAGE_SIZE,
    sort_by: sort.field,
    sort_order: sort.order,
    search: directorySearch(search),
    filters: directoryFilters(regulator, charter, states),
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
  // A page past the last (an address saved when the list was longer) goes to the last page, whose
  // banks the pager already counts, rather than showing none.
  const lastPage = pageInfo(page, DIRECTORY_PAGE_SIZE, total).pageCount;
  const pastTheEnd = list.isSuccess && !list.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage);
  }, [pastTheEnd, lastPage, setPage]);
  const { listRef, shown: columns, pick: pickColumns } = useFittingColumns(directoryColumns, COLUMNS_STORAGE_KEY, rows);

  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
  };
  const narrowed = searchText.trim() !== '' || regulator !== '' || charter !== '' || states.length > 0;
  const clearFilters = () =>
    changeFilter(() => {
      setSearchText('');
      setRegulator('');
      setCharter('');
      setStates([]);
    });

  return (
    <Box data-testid="bank-directory">
      <PageHeader
        title="Bank Directory"
        subtitle="Every active FDIC-insured bank, from the latest regulator reports."
        icon={<BankIcon />}
        actions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {total > 0 && (
              <ExportBanksButton
                readPage={async (page, perPage) => {
                  const answer = await dataProvider.financialsQuery({ ...query, limit: perPage, offset: (page - 1) * perPage });
                  return { data: bankRowsOf(answer), total: answer.meta.total, quarter: answer.meta.quarter ?? quarter ?? null };
                }}
                columns={directoryCsvColumns}
                fileName={directoryFileName}
              />
            )}
            {view === 'list' && <ColumnPicker columns={directoryColumns} shown={columns} onPick={pickColumns} />}
            <ViewToggle value={view} onChange={setView} />
          </Stack>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            placeholder="Search by name..."
            value={searchText}
            onChange={(event) => changeFilter(() => setSearchText(event.target.value))}
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
          <FormControl sx={{ flex: 1, minWidth: 120 }}>
            <InputLabel id="directory-state" shrink>State</InputLabel>
            <Select<string[]>
              labelId="directory-state"
              label="State"
              notched
              multiple
              displayEmpty
              value={states}
              renderValue={(chosen) => (chosen.length > 0 ? chosen.join(', ') : 'All')}
              onChange={(event) => changeFilter(() => setStates(typeof event.target.value === 'string' ? event.target.value.split(',') : event.target.value))}
              data-testid="directory-state"
            >
              {stateCodes.map((code) => (
                <MenuItem key={code} value={code}>
                  {code}
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

      <Box ref={listRef}>
        {!list.isPending && !list.isError && !pastTheEnd && rows.length === 0 ? (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            <Typography color="text.secondary">{EMPTY}</Typography>
            {narrowed && (
              <Button sx={{ mt: 1 }} onClick={clearFilters}>
                Clear the search and filters
              </Button>
            )}
          </Paper>
        ) : view === 'list' ? (
          <BankTable
            rows={rows}
            columns={columns}
            sort={sort}
            onSort={(field) => changeFilter(() => setSort(nextSort(sort, field)))}
            targets={targets}
            onOpen={detail.open}
            actions={(row) => <RowActions row={row} onAddContact={setContactBank} />}
            label="Banks"
            rowTestId="directory-row"
          />
        ) : (
          <BankCardGrid
            rows={rows}
            columns={directoryColumns}
            targets={targets}
            actions={(row) => <CardActionButtons row={row} onAddContact={setContactBank} />}
            cardTestId="directory-card"
          />
        )}
      </Box>
      {total > 0 && <Pager page={page} pageSize={DIRECTORY_PAGE_SIZE} total={total} onPage={setPage} disabled={list.isFetching} />}
      {contactBank && <ContactFormDialog open bank={contactBank} onClose={() => setContactBank(null)} />}
    </Box>
  );
}

function RowActions({ row, onAddContact }: { row: BankRow; onAddContact: (row: BankRow) => void }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <ViewDetailsIconLink bank={row} />
      <Tooltip title="Add Contact">
        <IconButton size="small" aria-label={`Add a contact at ${row.name}`} onClick={() => onAddContact(row)}>
          <PersonAddIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

function CardActionButtons({ row, onAddContact }: { row: BankRow; onAddContact: (row: BankRow) => void }) {
  return (
    <>
      <ViewDetailsButtonLink cert={row.cert} />
      <Button size="small" startIcon={<PersonAddIcon />} onClick={() => onAddContact(row)}>
        Contact
      </Button>
    </>
  );
}
