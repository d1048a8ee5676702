import { useState, type ReactNode } from 'react';
import { CircularProgress, Tooltip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, CreateButton, fetchRelatedRecords, FilterButton, TopToolbar, useDataProvider, useListContext, useNotify, useResourceDefinition } from 'react-admin';
import { exportCutText, readAllPages } from './export-pages.ts';
import { messageOf } from './problem.ts';

const waitingForList = 'Waiting for the list to load';

/**
 * Export: every record the list shows (its filters and order) as CSV, read page by page, with a spinner
 * meanwhile. While the list is (re)loading it waits, saying so: the rows on screen may still be the
 * previous filter's, and the file would not match what the user has seen.
 */
export function ExportAllButton() {
  const { filter, filterValues, resource, sort, exporter, total, isFetching } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!exporter) return null;
  const exportAll = async () => {
    setBusy(true);
    try {
      const { records, total: listed } = await readAllPages((page, perPage) => dataProvider.getList(resource, { sort, filter: { ...filterValues, ...filter }, pagination: { page, perPage } }));
      await exporter(records, fetchRelatedRecords(dataProvider), dataProvider, resource);
      if (listed > records.length) notify(exportCutText(records.length, listed), { type: 'warning' });
    } catch (error) {
      notify(`The export failed: ${messageOf(error, 'please try again.')}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  // A disabled button takes no pointer events: the tooltip sits on a wrapper around it.
  return (
    <Tooltip title={isFetching && !busy ? waitingForList : ''}>
      <span>
        <Button label="Export" onClick={() => void exportAll()} disabled={busy || isFetching || total === 0}>
          {busy ? <CircularProgress size={16} aria-label="Exporting" /> : <DownloadIcon />}
        </Button>
      </span>
    </Tooltip>
  );
}

/** A list's toolbar: Add filter, the list's own buttons, Create where the resource has it, and Export of every record. */
export function RecordListActions({ children, createLabel }: { children?: ReactNode; createLabel?: string }) {
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar>
      <FilterButton />
      {children}
      {hasCreate ? <CreateButton label={createLabel} /> : null}
      <ExportAllButton />
    </TopToolbar>
  );
}
