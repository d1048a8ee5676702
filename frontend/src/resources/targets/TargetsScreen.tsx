import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Card, CardContent, CircularProgress, Grid, InputAdornment, MenuItem, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import TrackChangesIcon from '@mui/icons-material/TrackChanges';
import ViewAgendaIcon from '@mui/icons-material/ViewAgenda';
import GridViewIcon from '@mui/icons-material/GridView';
import { useGetList, useLocation, useNavigate } from 'react-admin';
import { countOf, groupThousands } from '../../../../domain/format.ts';
import { useBankDetail } from '../../bank-detail/index.tsx';
import { PageHeader } from '../../layout/PageHeader.tsx';
import { TOGGLE_FAILED } from '../../targets/useTargetToggle.ts';
import { Pager } from '../../ui/Pager.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import { useToast } from '../../ui/Toast.tsx';
import { ContactFormDialog } from '../contacts/ContactFormDialog.tsx';
import { FindContactsDialog } from '../contacts/FindContactsDialog.tsx';
import type { Contact } from '../contacts/types.ts';
import { messageOf } from '../shared/problem.ts';
import { useRefreshOutreach } from '../shared/useRefreshOutreach.ts';
import { targetsApi } from './api.ts';
import { TargetDetailCard, type TargetCardActions } from './TargetDetailCard.tsx';
import { TargetSummaryCard } from './TargetSummaryCard.tsx';
import type { TrackedBank } from './types.ts';
import { DEFAULT_TARGET_PAGE_SIZE, TARGET_PAGE_SIZES, targetPageParams, targetTotals, type TotalQuery } from './queries.ts';
import { useTargetWork, type TargetWork } from './useTargetWork.ts';
import { reducedMotionQuery } from '../../theme.ts';

type TargetsView = 'detail' | 'cards';
type Dialog =
  | { kind: 'add-contact'; bank: TrackedBank }
  | { kind: 'edit-contact'; bank: TrackedBank; contact: Contact }
  | { kind: 'find-contacts'; bank: TrackedBank }
  | null;

/** A bank whose contacts and tasks have not arrived yet (one object, so its card is not drawn again for nothing). */
const emptyWork: TargetWork = { contacts: [], tasks: [], openTasks: 0, loading: true };

function SummaryBox({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    // Two share a narrow window's width (320 px: 400 % zoom) instead of 150 px each pushing past its edge.
    <Card variant="outlined" sx={{ minWidth: { xs: 0, sm: 150 }, flex: { xs: 1, sm: 'none' } }}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="caption" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid={testId}>
          {value === undefined ? '…' : groupThousands(value)}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The total of a list (one row asked for, the count read from Content-Range). */
function useTotal({ resource, params }: TotalQuery): number | undefined {
  return useGetList(resource, params).total;
}

/**
 * Targets: the user's target banks, newest first, searchable, in a detail view (one bank expanded
 * at a time) or a card view. Arriving with `newTargetCert` in the navigation state (after "Mark as
 * Target" in the bank detail) expands that bank once; the state is then cleared.
 */
export default function TargetsScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const bankDetail = useBankDetail();
  const toast = useToast();
  const refresh = useRefreshOutreach();
  const arrivedWith = (location.state as { newTargetCert?: unknown } | null)?.newTargetCert;
  const [expanded, setExpanded] = useState<number | null>(() => (typeof arrivedWith === 'number' ? arrivedWith : null));
  const [scrollTo, setScrollTo] = useState<number | null>(expanded);
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 300);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_TARGET_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [view, setView] = useState<TargetsView>('detail');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const expandedCard = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    if (arrivedWith !== undefined) navigate(location.pathname, { replace: true, state: null });
  }, [arrivedWith, location.pathname, navigate]);

  // A new search or page size starts again at page 1.
  useEffect(() => setPage(1), [query, pageSize]);

  const { data: banks, total = 0, isPending, error } = useGetList<TrackedBank>('banks', targetPageParams(page, pageSize, query));
  const trackedCount = useTotal(targetTotals.tracked);
  const totalContacts = useTotal(targetTotals.contacts);
  const hotContacts = useTotal(targetTotals.hotContacts);
  // A page left empty under the user (its last banks un-starred, or removed in another tab) moves back
  // to the last page that has banks: the pager is not drawn on one page, so there is no way back from it.
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (!isPending && !error && page > lastPage) setPage(lastPage);
  }, [isPending, error, page, lastPage]);
  const certs = useMemo(() => (banks ?? []).map((bank) => bank.cert), [banks]);
  const { byBank } = useTargetWork(certs);

  useEffect(() => {
    if (scrollTo !== null && expandedCard.current) {
      const reducedMotion = window.matchMedia(reducedMotionQuery).matches;
      expandedCard.current.scrollIntoView({ block: 'start', behavior: reducedMotion ? 'auto' : 'smooth' });
      setScrollTo(null);
    }
  }, [scrollTo, banks]);

  // The cards' actions read the screen's latest state through a ref, so the one object handed to the
  // (memoised) cards never changes and a card is drawn again only when its own bank or work does.
  const latest = useRef({ bankDetail, toast, refresh });
  latest.current = { bankDetail, toast, refresh };
  const actions = useMemo<TargetCardActions>(
    () => ({
      onToggleTarget: async (bank) => {
        const { toast, refresh } = latest.current;
        setBusy(bank.cert);
        try {
          await targetsApi.untarget(bank.cert);
          toast.success(`"${bank.name}" removed from targets.`);
        } catch (failure) {
          toast.error(`${TOGGLE_FAILED} ${messageOf(failure, '')}`.trim());
        } finally {
          setBusy(null);
          await refresh('banks');
        }
      },
      onToggleExpanded: (cert) => setExpanded((current) => (current === cert ? null : cert)),
      onReviewDetails: (bank) => latest.current.bankDetail.open(bank.cert),
      onFindContacts: (bank) => setDialog({ kind: 'find-contacts', bank }),
      onAddContact: (bank) => setDialog({ kind: 'add-contact', bank }),
      onEditContact: (bank, contact) => setDialog({ kind: 'edit-contact', bank, contact }),
    }),
    [],
  );

  const showPager = total > pageSize;

  return (
    <>
      <PageHeader
        title="Targets"
        subtitle={trackedCount === undefined ? 'Loading targets...' : `${countOf(trackedCount, 'bank')} being tracked`}
        icon={<TrackChangesIcon />}
        actions={
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <SummaryBox label="Total Contacts" value={totalContacts} testId="total-contacts" />
            <SummaryBox label="Hot Contacts" value={hotContacts} testId="hot-contacts" />
          </Stack>
        }
      />
      <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }}>
        {/* Sized in rem, and wrapping, so that at a larger text size the search box keeps room for its words and Per page for its label. */}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
          <TextField
            size="small"
            placeholder="Search targets..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ flex: { sm: '1 1 16rem' } }}
            slotProps={{
              htmlInput: { 'aria-label': 'Search targets' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField select size="small" label="Per page" value={pageSize} onChange={(event) => setPageSize(Number(event.target.value))} sx={{ width: '7rem' }}>
            {TARGET_PAGE_SIZES.map((size) => (
              <MenuItem key={size} value={size}>
                {size}
              </MenuItem>
            ))}
          </TextField>
          <ToggleButtonGroup size="small" exclusive value={view} onChange={(_event, next: TargetsView | null) => next && setView(next)} aria-label="View">
            <ToggleButton value="detail" aria-label="Detail view">
              <ViewAgendaIcon fontSize="small" sx={{ mr: 0.5 }} /> Detail
            </ToggleButton>
            <ToggleButton value="cards" aria-label="Card view">
              <GridViewIcon fontSize="small" sx={{ mr: 0.5 }} /> Card
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      </Paper>

      {isPending ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'center', py: 8 }}>
          <CircularProgress size={22} />
          <Typography color="text.secondary">Loading targets...</Typography>
        </Stack>
      ) : error ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="error">The targets could not be loaded. {messageOf(error, '')}</Typography>
        </Paper>
      ) : !banks?.length ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="targets-empty">
          <Typography variant="h6" sx={{ fontWeight: 700 }}>
            No Targets Found
          </Typography>
          <Typography color="text.secondary">{query ? 'No banks match your search criteria.' : 'Visit the Bank Directory to add banks to your target list.'}</Typography>
        </Paper>
      ) : view === 'detail' ? (
        <Stack spacing={1.5} data-testid="targets-detail-view">
          {banks.map((bank) => (
            <TargetDetailCard
              key={bank.cert}
              ref={bank.cert === expanded ? expandedCard : undefined}
              bank={bank}
              work={byBank.get(bank.cert) ?? emptyWork}
              expanded={bank.cert === expanded}
              busy={busy === bank.cert}
              actions={actions}
            />
          ))}
        </Stack>
      ) : (
        <Grid container spacing={2} data-testid="targets-card-view">
          {banks.map((bank) => (
            <Grid key={bank.cert} size={{ xs: 12, sm: 6, lg: 4 }}>
              <TargetSummaryCard bank={bank} work={byBank.get(bank.cert) ?? emptyWork} busy={busy === bank.cert} actions={actions} />
            </Grid>
          ))}
        </Grid>
      )}
      {showPager && !isPending && <Pager page={page} pageSize={pageSize} total={total} onPage={setPage} />}

      {dialog?.kind === 'add-contact' && <ContactFormDialog open onClose={() => setDialog(null)} bank={dialog.bank} />}
      {dialog?.kind === 'edit-contact' && <ContactFormDialog open onClose={() => setDialog(null)} bank={dialog.bank} contact={dialog.contact} />}
      {dialog?.kind === 'find-contacts' && (
        <FindContactsDialog open onClose={() => setDialog(null)} bank={dialog.bank} existing={byBank.get(dialog.bank.cert)?.contacts ?? []} />
      )}
      <Box sx={{ height: 16 }} />
    </>
  );
}
