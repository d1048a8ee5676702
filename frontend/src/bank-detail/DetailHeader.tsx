import { useState } from 'react';
import { Box, Button, Chip, CircularProgress, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { useTheme } from 'react-admin';
import { AiAnalysis } from '../ai/AiAnalysis.tsx';
import { aiApi } from '../ai/api.ts';
import { summaryPayload } from '../ai/bank-payloads.ts';
import { API_FAILED, ApiError } from '../providers/http.ts';
import { useTargetToggle } from '../targets/useTargetToggle.ts';
import { useToast } from '../ui/Toast.tsx';
import { bankDetailApi } from './api.ts';
import { addressLine, type NormalisedBank } from '../banks/bank.ts';
import { useDocumentTitle } from '../layout/documentTitle.ts';
import { saveFile, safeFileName } from '../lib/save-file.ts';

function failureReason(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message === API_FAILED ? fallback : error.message;
  return error instanceof Error ? error.message : fallback;
}

/** 'Mark as Target': the shared targeting rules; a bank made a target takes the app to Targets, leaving the detail. */
function TargetToggle({ bank }: { bank: NormalisedBank }) {
  const { targetCerts, isBusy, toggle } = useTargetToggle();
  const isTarget = targetCerts.has(bank.cert);
  const onClick = () => toggle({ cert: bank.cert, name: bank.name }).catch(() => undefined); // the toggle has already said what failed
  return (
    <Button
      variant={isTarget ? 'contained' : 'outlined'}
      color="warning"
      size="small"
      disabled={isBusy(bank.cert)}
      onClick={onClick}
      startIcon={isTarget ? <StarIcon /> : <StarBorderIcon />}
      aria-pressed={isTarget}
    >
      {isTarget ? 'Target' : 'Mark as Target'}
    </Button>
  );
}

/** Export (PDF): the server renders the report; the browser saves it. */
function ExportPdfButton({ bank }: { bank: NormalisedBank }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const exportPdf = async () => {
    setBusy(true);
    toast.info('Generating PDF report...');
    try {
      const blob = await bankDetailApi.pdfReport(bank.cert);
      saveFile(blob, `${safeFileName(bank.name, 'bank')}-${bank.cert}-report.pdf`);
    } catch (error) {
      toast.error(`PDF export failed: ${failureReason(error, 'Failed to generate PDF on the server.')}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" size="small" onClick={exportPdf} disabled={busy} startIcon={busy ? <CircularProgress size={16} /> : <PictureAsPdfIcon />}>
      {busy ? 'Generating PDF report...' : 'Export (PDF)'}
    </Button>
  );
}

function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip title={theme === 'dark' ? 'Light mode' : 'Dark mode'}>
      <IconButton size="small" onClick={() => setTheme(next)} aria-label={`Switch to ${next} mode`}>
        {theme === 'dark' ? <LightModeIcon fontSize="small" /> : <DarkModeIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}

/** The id of the element that names the bank detail dialog (the bank's name once loaded). */
export const bankDetailTitleId = 'bank-detail-title';

/**
 * Name, whether the bank failed, was acquired or is otherwise inactive, address line and the header actions; 'AI Summary' opens the AI
 * Financial Summary (saved, or generated on request).
 */
export function DetailHeader({ bank, status, onClose }: { bank: NormalisedBank; status: string | null; onClose: () => void }) {
  const [showSummary, setShowSummary] = useState(false);
  useDocumentTitle(bank.name);
  return (
    <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', px: { xs: 2, md: 3 }, py: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography id={bankDetailTitleId} variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid="bank-detail-name">
              {bank.name}
            </Typography>
            {status && <Chip label={status} size="small" color="warning" variant="outlined" data-testid="bank-detail-status" />}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {addressLine(bank) || 'Address not available'} · CERT {bank.cert}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" color="secondary" startIcon={<AutoAwesomeIcon />} onClick={() => setShowSummary((shown) => !shown)}>
            {showSummary ? 'Hide AI' : 'AI Summary'}
          </Button>
          <TargetToggle bank={bank} />
          <ExportPdfButton bank={bank} />
          <ThemeToggle />
          <IconButton aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
      </Box>
      {showSummary && (
        <Paper variant="outlined" sx={{ mt: 1.5, p: 1.5, maxHeight: 320, overflowY: 'auto' }} data-testid="ai-summary">
          <Typography variant="subtitle2" color="secondary" gutterBottom>
            AI Financial Summary
          </Typography>
          <AiAnalysis
            cert={bank.cert}
            kind="summary"
            generate={(again) => aiApi.analyzeBank(summaryPayload(bank), bank.cert, again)}
            buttonLabel="Generate AI Summary"
            successText="AI summary generated."
            failureText="Failed to generate AI analysis. Please try again."
            emptyText="No AI summary has been generated for this bank yet."
            testId="ai-summary-analysis"
          />
        </Paper>
      )}
    </Box>
  );
}
