import { Box } from '@mui/material';
import { RawFieldTable } from '../components/RawFieldTable.tsx';
import { PanelEmpty } from '../components/PanelState.tsx';
import { PanelTitle } from '../components/Section.tsx';
import type { RawRecord } from '../lib/records.ts';

/** The FDIC demographics record of the bank (office counts, statistical areas, territories), labelled. */
export function DemographicsPanel({ demographics }: { demographics: RawRecord | null }) {
  return (
    <Box data-testid="demographics-panel">
      <PanelTitle>Demographics</PanelTitle>
      {demographics ? <RawFieldTable record={demographics} label="Demographics" /> : <PanelEmpty>Demographic data not available.</PanelEmpty>}
    </Box>
  );
}
