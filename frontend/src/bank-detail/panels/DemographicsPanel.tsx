import { Box } from '@mui/material';
import { RawFieldTable } from '../components/RawFieldTable.tsx';
import { PanelEmpty } from '../components/PanelState.tsx';
import { PanelTitle } from '../components/Section.tsx';
import type { RawRecord } from '../../banks/records.ts';

/**
 * Titles of the demographics endpoint's fields (FDIC demographics definitions, shortened). Several
 * share a code with institution fields of another meaning (CBSA and CSA are codes here, names there).
 */
export const demographicsLabels: Record<string, string> = {
  CERT: 'FDIC Certificate #',
  REPDTE: 'Report date (YYYYMMDD)',
  CBSA: 'Core Based Statistical Area code',
  CBSANAME: 'Core Based Statistical Area name',
  METRO: 'Metropolitan Statistical Area (CBSA code)',
  MICRO: 'Micropolitan Statistical Area (CBSA code)',
  CSA: 'Combined Statistical Area code',
  CSANAME: 'Combined Statistical Area name',
  OFFTOT: 'Total offices',
  OFFSTATE: 'States with offices (including the main office)',
  OFFDMULT: 'Multiple-service domestic offices',
  OFFNDOM: 'Non-domestic offices',
  OFFOTH: 'Other domestic offices',
  OFFSOD: 'Offices (Summary of Deposits definition)',
  OFFUSOA: 'Domestic and U.S. territory offices',
  MNRTYCDE: 'Minority ownership code',
  MNRTYDTE: 'Minority status effective date',
  QTRNO: 'Calendar quarter',
  HCTNONE: 'Independent bank (not in a holding company)',
  SIMS_LAT: 'Main office latitude',
  SIMS_LONG: 'Main office longitude',
};

/** The FDIC demographics record of the bank (office counts, statistical areas, territories), labelled. */
export function DemographicsPanel({ demographics }: { demographics: RawRecord | null }) {
  return (
    <Box data-testid="demographics-panel">
      <PanelTitle>Demographics</PanelTitle>
      {demographics ? <RawFieldTable record={demographics} label="Demographics" labels={demographicsLabels} /> : <PanelEmpty>Demographic data not available.</PanelEmpty>}
    </Box>
  );
}
