import { Box } from '@mui/material';
import { RawFieldTable } from '../components/RawFieldTable.tsx';
import { PanelTitle } from '../components/Section.tsx';
import type { RawRecord } from '../../banks/records.ts';

/** Institutional Data (raw), labelled using the field definitions. */
export function RawInstitutionalPanel({ institution }: { institution: RawRecord }) {
  return (
    <Box data-testid="raw-panel">
      <PanelTitle>Raw Institutional Data</PanelTitle>
      <RawFieldTable record={institution} label="Raw institutional data" />
    </Box>
  );
}
