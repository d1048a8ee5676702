import type { ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button, CircularProgress, createTheme, Dialog, GlobalStyles, IconButton, ThemeProvider, Typography, useTheme } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { BankDetailView } from './views.ts';
import { bankDetailTitleId, DetailHeader } from './DetailHeader.tsx';
import { DetailNavigation } from './DetailNavigation.tsx';
import { startingView } from './lib/navigation.ts';
import { closureText } from '../../../domain/bank-closure.ts';
import { useBankDetailData, type BankDetailData } from './useBankDetailData.ts';
import { FinancialsPanel } from './panels/FinancialsPanel.tsx';
import { SummaryPanel } from './panels/SummaryPanel.tsx';
import { RawInstitutionalPanel } from './panels/RawInstitutionalPanel.tsx';
import { FailureHistoryPanel } from './panels/FailureHistoryPanel.tsx';
import { DemographicsPanel } from './panels/DemographicsPanel.tsx';
import { CommunityProfilePanel } from './panels/CommunityProfilePanel.tsx';
import { BenchmarkPanel } from './panels/BenchmarkPanel.tsx';
import { TrendsPanel } from './panels/TrendsPanel.tsx';
import { LocationsPanel } from './panels/LocationsPanel.tsx';
import { DepositsPanel } from './panels/DepositsPanel.tsx';
import { HistoryPanel } from './panels/HistoryPanel.tsx';
import { NewsPanel } from './panels/NewsPanel.tsx';
import { ContactsPanel } from './panels/ContactsPanel.tsx';
import { TasksPanel } from './panels/TasksPanel.tsx';
import { lightTheme } from '../theme.ts';
import { usePrinting } from '../ui/usePrinting.ts';

/** The panel of a view; the Financials and Benchmark views show the quarter picked (null: the bank's newest). */
function Panel({ view, data, quarter, onPickQuarter }: { view: BankDetailView; data: BankDetailData } & PickedQuarter) {
  switch (view) {
    case 'benchmark':
      return <BenchmarkPanel data={data} picked={quarter} />;
    case 'news':
      return <NewsPanel data={data} />;
    case 'trends':
      return <TrendsPanel cert={data.cert} />;
    case 'community':
      return <CommunityProfilePanel bank={data.bank} />;
    case 'contacts':
      return <ContactsPanel bank={data.bank} />;
    case 'tasks':
      return <TasksPanel bank={data.bank} />;
    case 'summary':
      return <SummaryPanel data={data} />;
    case 'locations':
      return <LocationsPanel cert={data.cert} />;
    case 'history':
      return <HistoryPanel cert={data.cert} />;
    case 'demographics':
      return <DemographicsPanel demographics={data.demographics} />;
    case 'raw':
      return <RawInstitutionalPanel institution={data.institution} />;
    case 'failures':
      return <FailureHistoryPanel cert={data.cert} />;
    case 'deposits':
      return <DepositsPanel cert={data.cert} />;
    default:
      return <FinancialsPanel data={data} picked={quarter} onPick={onPickQuarter} />;
  }
}

function CenteredState({ children }: { children: ReactNode }) {
  return <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 4, textAlign: 'center' }}>{children}</Box>;
}

type PickedQuarter = { quarter: string | null; onPickQuarter: (quarter: string | null) => void };
type ShownView = PickedQuarter & { view: BankDetailView; onSelectView: (view: BankDetailView) => void };

function LoadedDetail({ data, view: requested, onSelectView, quarter, onPickQuarter, onClose }: ShownView & { data: BankDetailData; onClose: () => void }) {
  const facts = { cbsaCode: data.bank.cbsaCode, csaCode: data.bank.csaCode, hasDemographics: data.demographics !== null };
  const view = startingView(requested, facts);
  return (
    <>
      <DetailHeader bank={data.bank} status={data.closure && closureText(data.closure)} onClose={onClose} />
      {/* A wide screen keeps the header and views in place while the panel scrolls beside them. A phone's
          header and views would leave the panel under half its screen (a third with the AI summary open,
          less with the keyboard up), so there the whole dialog scrolls and the panel can fill the screen. */}
      <Box sx={{ flex: { xs: 'none', md: 1 }, display: 'flex', minHeight: 0, flexDirection: { xs: 'column', md: 'row' } }}>
        <DetailNavigation view={view} facts={facts} onSelect={onSelectView} />
        {/* Focusable, so a panel with nothing else to focus still scrolls from the keyboard. */}
        <Box component="section" aria-label="Bank detail panel" data-view={view} tabIndex={0} sx={{ flex: 1, minWidth: 0, overflowY: { md: 'auto' }, p: { xs: 2, md: 3 } }}>
          <Panel view={view} data={data} quarter={quarter} onPickQuarter={onPickQuarter} />
        </Box>
      </Box>
    </>
  );
}

/**
 * Printing a bank detail (the browser's Print, to paper or to PDF) gives the panel shown under the
 * bank's name, as long as it runs: not the page behind the dialog, and without the navigation and header buttons, which do nothing on paper. On screen the
 * dialog and its panel scroll within the window, which print cut to one page over the page behind.
 * Paper is white, and browsers print no background colours, so the detail prints in the light
 * theme whichever the screen shows: the dark theme's light-grey text was faint on white paper.
 */
const paperTheme = createTheme(lightTheme);

const printOnlyTheDetail = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body > #root, body > .MuiSnackbar-root, .bank-detail-root .MuiBackdrop-root, .bank-detail-root nav, .bank-detail-root header button': { display: 'none !important' },
        'body, .bank-detail-root, .bank-detail-root .MuiDialog-container, .bank-detail-root .MuiDialog-paper, .bank-detail-root [aria-label="Bank detail panel"]': {
          position: 'static !important',
          display: 'block !important',
          height: 'auto !important',
          maxHeight: 'none !important',
          overflow: 'visible !important',
        },
      },
    }}
  />
);

/** Full-screen bank detail: loading, failed, not found, or the bank with its panels on the view asked for (Financials when that view has nothing to show). */
export default function BankDetailModal({ cert, view, onSelectView, quarter, onPickQuarter, onClose }: ShownView & { cert: number; onClose: () => void }) {
  const detail = useBankDetailData(cert);
  const screenTheme = useTheme();
  const printing = usePrinting();
  const closeButton = (
    <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
      <CloseIcon />
    </IconButton>
  );
  let content: ReactNode;
  if (detail.isPending) {
    content = (
      <CenteredState>
        {closeButton}
        <CircularProgress id={bankDetailTitleId} aria-label="Loading bank details" />
      </CenteredState>
    );
  } else if (detail.isError) {
    content = (
      <CenteredState>
        <Typography id={bankDetailTitleId} variant="h5" component="h2">
          Loading Failed
        </Typography>
        <Alert severity="error">
          <AlertTitle>Could not retrieve bank details.</AlertTitle>
          An error occurred while fetching bank data. {detail.error.message}
        </Alert>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="outlined" onClick={() => detail.refetch()}>
            Try again
          </Button>
          <Button variant="contained" onClick={onClose}>
            Close
          </Button>
        </Box>
      </CenteredState>
    );
  } else if (detail.data === null) {
    content = (
      <CenteredState>
        <Typography id={bankDetailTitleId} variant="h5" component="h2">
          No such bank
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
          {cert > 0 ? `No bank has FDIC certificate number ${cert} in Charterline's data.` : 'This address names no FDIC certificate number.'} The link may be
          mistyped, or the bank may have left the FDIC's records.
        </Typography>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </CenteredState>
    );
  } else {
    content = <LoadedDetail data={detail.data} view={view} onSelectView={onSelectView} quarter={quarter} onPickQuarter={onPickQuarter} onClose={onClose} />;
  }
  return (
    <ThemeProvider theme={printing ? paperTheme : screenTheme}>
      <Dialog
        fullScreen
        open
        onClose={onClose}
        className="bank-detail-root"
        // role="dialog" sits on the paper. Its name is "Bank detail" (its own label) followed by the
        // bank's name once loaded, or by what it shows instead (loading, failed).
        aria-labelledby={`bank-detail ${bankDetailTitleId}`}
        slotProps={{ paper: { id: 'bank-detail', 'aria-label': 'Bank detail', sx: { display: 'flex', flexDirection: 'column', bgcolor: 'background.default' } } as object }}
      >
        {printOnlyTheDetail}
        {content}
      </Dialog>
    </ThemeProvider>
  );
}
