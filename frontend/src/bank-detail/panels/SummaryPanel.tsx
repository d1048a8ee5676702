import { Box, Chip, Paper, Typography } from '@mui/material';
import { minorityStatuses } from '../../../../domain/codes.ts';
import { formatCount, formatDate } from '../../../../domain/format.ts';
import { KeyValueGrid, type KeyValue } from '../components/KeyValueGrid.tsx';
import { PanelEmpty } from '../components/PanelState.tsx';
import { PanelTitle, Section } from '../components/Section.tsx';
import { summaryTiles } from '../lib/summary.ts';
import type { NormalisedBank } from '../../banks/bank.ts';
import { isoDate, num, text, type RawRecord } from '../../banks/records.ts';
import type { BankDetailData } from '../useBankDetailData.ts';

function hasSummaryData(bank: NormalisedBank): boolean {
  return [bank.assets, bank.deposits, bank.totalEquity, bank.netIncome, bank.roa, bank.netInterestMargin, bank.officeCount].some((value) => value !== null && value !== undefined);
}

export function SummaryTiles({ bank }: { bank: NormalisedBank }) {
  if (!hasSummaryData(bank)) return <PanelEmpty>Summary data not available.</PanelEmpty>;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 1.5, mb: 2 }} data-testid="summary-tiles">
      {summaryTiles(bank).map((tile) => (
        <Paper key={tile.label} variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="caption" color="text.secondary">
            {tile.label}
          </Typography>
          <Typography variant="h6" component="div" sx={{ fontWeight: 700 }}>
            {tile.value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

const orNA = (value: string | null | undefined) => (value && value.trim() !== '' ? value : 'N/A');
const flag = (record: RawRecord, code: string) => {
  const value = num(record, code);
  return value === null ? 'N/A' : value === 1 ? 'Yes' : 'No';
};

function overview(institution: RawRecord, bank: NormalisedBank): Record<string, KeyValue[]> {
  const minorityCode = num(institution, 'MDI_STATUS_CODE');
  return {
    'Minority Status': [
      { label: 'Minority Status', value: minorityCode === null ? 'N/A' : (minorityStatuses[minorityCode] ?? orNA(text(institution, 'MDI_STATUS_DESC'))) },
      { label: 'MDI Code', value: minorityCode === null ? 'N/A' : String(minorityCode) },
    ],
    'Office Distribution': [
      { label: 'Total Offices', value: formatCount(bank.officeCount) },
      { label: 'Domestic Offices', value: formatCount(num(institution, 'OFFDOM')) },
      { label: 'Foreign Offices', value: formatCount(num(institution, 'OFFFOR')) },
      { label: 'Offices in U.S. Areas', value: formatCount(num(institution, 'OFFOA')) },
    ],
    'Geographic Information': [
      { label: 'City', value: orNA(bank.city) },
      { label: 'County', value: orNA(text(institution, 'COUNTY')) },
      { label: 'State', value: orNA(text(institution, 'STNAME') ?? bank.state) },
      { label: 'ZIP', value: orNA(bank.zip) },
      { label: 'Core Based Statistical Area', value: orNA(bank.cbsaName) },
      { label: 'Combined Statistical Area', value: orNA(text(institution, 'CSA')) },
      { label: 'Metropolitan Area', value: flag(institution, 'CBSA_METRO_FLG') },
      { label: 'Micropolitan Area', value: flag(institution, 'CBSA_MICRO_FLG') },
    ],
    'Additional Details': [
      { label: 'Primary Regulator', value: orNA(bank.regulator) },
      { label: 'Charter Class', value: orNA(bank.charterClass) },
      { label: 'Established', value: formatDate(isoDate(institution.ESTYMD)) },
      { label: 'FDIC Insured Since', value: formatDate(isoDate(institution.INSDATE)) },
      { label: 'Holding Company', value: orNA(text(institution, 'NAMEHCR')) },
      { label: 'Specialization', value: orNA(text(institution, 'SPECGRPN')) },
      { label: 'Website', value: orNA(bank.website) },
      { label: 'Federal Reserve ID (RSSD)', value: orNA(text(institution, 'FED_RSSD')) },
    ],
  };
}

/** Offices per state from the overview endpoint, most first. */
function officesByStateOf(summary: RawRecord | null | undefined): Array<{ state: string; offices: number }> {
  const list = summary?.officesByState;
  if (!Array.isArray(list)) return [];
  return list
    .map((entry) => ({ state: String((entry as { state?: unknown }).state ?? 'Unknown'), offices: Number((entry as { offices?: unknown }).offices ?? 0) }))
    .filter((entry) => entry.offices > 0);
}

/** Bank overview under the Financial Summary tiles. */
export function SummaryPanel({ data }: { data: BankDetailData }) {
  const byState = officesByStateOf(data.summary);
  return (
    <Box data-testid="summary-panel">
      <PanelTitle>Summary</PanelTitle>
      <SummaryTiles bank={data.bank} />
      {Object.entries(overview(data.institution, data.bank)).map(([title, items]) => (
        <Section key={title} title={title}>
          <KeyValueGrid items={items} />
          {title === 'Office Distribution' && byState.length > 0 && (
            <Box role="group" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }} aria-label="Offices by state">
              {byState.map((entry) => (
                <Chip key={entry.state} size="small" variant="outlined" label={`${entry.state}: ${entry.offices}`} />
              ))}
            </Box>
          )}
        </Section>
      ))}
    </Box>
  );
}
