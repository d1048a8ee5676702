import { Box } from '@mui/material';
import { RawFieldTable } from '../components/RawFieldTable.tsx';
import { PanelEmpty } from '../components/PanelState.tsx';
import { PanelTitle } from '../components/Section.tsx';
import type { RawRecord } from '../../banks/records.ts';

/**
 * Titles of the demographics record's fields (FDIC demographics definitions, shortened), worded as the
 * institution fields are. Several share a code with institution fields of another meaning: CBSA and
 * CSA hold codes here and names in the institution record (whose codes are CBSA_NO and CSA_NO).
 */
export const demographicsLabels: Record<string, string> = {
  CERT: 'FDIC Certificate #',
  REPDTE: 'Report date (YYYYMMDD)',
  CBSA: 'Core based statistical area code',
  CBSANAME: 'Core based statistical area name',
  METRO: 'Metropolitan statistical area (its CBSA code)',
  MICRO: 'Micropolitan statistical area (its CBSA code)',
  CSA: 'Combined statistical area code',
  CSANAME: 'Combined statistical area name',
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
