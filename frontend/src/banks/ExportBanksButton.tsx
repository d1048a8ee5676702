import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/GetApp';
import { downloadCSV } from 'react-admin';
import { csvFile, type CsvColumn } from '../resources/shared/csv.ts';
import { exportCutText, readAllPages } from '../resources/shared/export-pages.ts';
import { messageOf } from '../resources/shared/problem.ts';
import { useToast } from '../ui/Toast.tsx';

/** A page of a bank list and the quarter (YYYYMMDD) its figures were reported for. */
export type BankListPage<Row> = { data: Row[]; total: number; quarter: string | null };

/**
 * Export: every bank of the list shown, in its order, as a CSV (read 500 at a time, up to 50,000,
 * saying so past that), with the columns and file name of the quarter the figures come from.
 */
export function ExportBanksButton<Row>({
  readPage,
  columns,
  fileName,
}: {
  readPage: (page: number, perPage: number) => Promise<BankListPage<Row>>;
  columns: (quarter: string | null) => CsvColumn<Row>[];
  fileName: (quarter: string | null) => string;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const exportBanks = async () => {
    setBusy(true);
    try {
      let quarter: string | null = null;
      const { records, total } = await readAllPages(async (page, perPage) => {
        const answer = await readPage(page, perPage);
        quarter = answer.quarter;
        return answer;
      });
      downloadCSV(csvFile(records, columns(quarter)), fileName(quarter));
      if (total > records.length) toast.info(exportCutText(records.length, total));
    } catch (error) {
      toast.error(`The export failed: ${messageOf(error, 'please try again.')}`);
    } finally {
      setBusy(false);
    }
  };
  // Waits while it runs without being disabled: that would drop the keyboard's focus to the page's start.
  return (
    <Button size="small" variant="outlined" onClick={busy ? undefined : () => void exportBanks()} aria-disabled={busy || undefined} startIcon={busy ? <CircularProgress size={16} aria-label="Exporting" /> : <DownloadIcon />}>
      Export
    </Button>
  );
}
