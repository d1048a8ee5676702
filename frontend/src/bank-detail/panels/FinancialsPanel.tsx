import { useMemo } from 'react';
import { Box, FormControl, InputLabel, MenuItem, Select, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { useChartTooltip } from '../../ui/chartTooltip.ts';
import { AiAnalysis } from '../../ai/AiAnalysis.tsx';
import { aiApi } from '../../ai/api.ts';
import { riskPayload } from '../../ai/bank-payloads.ts';
import { concentrationWords, formatDate, formatMoney, formatPercent, quarterLabel } from '../../../../domain/format.ts';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { KeyValueGrid } from '../components/KeyValueGrid.tsx';
import { PanelEmpty, PanelLoading } from '../components/PanelState.tsx';
import { PanelTitle, Section } from '../components/Section.tsx';
import {
  assetComposition,
  assetQuality,
  balanceSheetSection,
  capitalSection,
  coreSection,
  incomeSection,
  loanPortfolio,
  offBalanceSheetSection,
  ratioSection,
  type FinancialSection,
} from '../lib/financial-sections.ts';
import type { NormalisedBank } from '../../banks/bank.ts';
import { isoDate, type RawRecord } from '../../banks/records.ts';
import { RISK_SCORE_EXPLAINED, riskLines } from '../lib/risk.ts';
import { newestQuarter, useQuarterOfBank, type BankDetailData } from '../useBankDetailData.ts';
import { isQuarter } from '../../../../domain/quarter.ts';
import { RatingCue } from '../../ui/RatingCue.tsx';
import { useRatingPalette } from '../../ui/useRatingPalette.ts';
import { useChartPalette } from '../../ui/useChartPalette.ts';
import type { ChartHue } from '../../lib/chart-colors.ts';

const compositionHues: ChartHue[] = ['blue', 'green', 'yellow', 'slate'];

function SectionGrid({ section, record }: { section: FinancialSection; record: RawRecord }) {
  const ratingPalette = useRatingPalette();
  return (
    <Section title={section.title}>
      <KeyValueGrid
        items={section.lines.map((line) => {
          const value = line.value(record);
          const shown = line.kind === 'money' ? formatMoney(value) : line.kind === 'percent' ? formatPercent(value) : String(value ?? 'N/A');
          const rating = line.rating && value !== null ? line.rating(value) : null;
          return {
            label: line.label,
            value: rating ? (
              <>
                {shown}
                <RatingCue rating={rating} />
              </>
            ) : (
              shown
            ),
            color: rating ? ratingPalette[rating] : undefined,
          };
        })}
      />
    </Section>
  );
}

function AssetCompositionChart({ record }: { record: RawRecord }) {
  const { tooltipProps } = useChartTooltip();
  const chartPalette = useChartPalette();
  const slices = assetComposition(record);
  if (slices.length === 0) return <PanelEmpty>No asset composition data for this quarter.</PanelEmpty>;
  return (
    <Box sx={{ height: 260 }} data-testid="asset-composition-chart">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie data={slices} dataKey="value" nameKey="name" innerRadius={55} outerRadius={95} paddingAngle={1} isAnimationActive={false}>
            {slices.map((slice, index) => (
              <Cell key={slice.name} fill={chartPalette[compositionHues[index % compositionHues.length]]} />
            ))}
          </Pie>
          <Tooltip {...tooltipProps} formatter={(value) => formatMoney(Number(value))} />
          <Legend />
        </PieChart>
      </ResponsiveContainer>
    </Box>
  );
}

function LoanPortfolioTable({ record }: { record: RawRecord }) {
  const ratingPalette = useRatingPalette();
  const portfolio = loanPortfolio(record);
  return (
    <Section title="Loan Portfolio Breakdown" action={<Typography variant="body2" color="text.secondary">Gross loans & leases: {formatMoney(portfolio.gross)}</Typography>}>
      <TableContainer>
        <Table size="small" aria-label="Loan portfolio breakdown">
          <TableHead>
            <TableRow>
              <TableCell>Loan Type</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell align="right">% of Gross Loans</TableCell>
              <TableCell>Concentration</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {portfolio.rows.map((row) => (
              <TableRow key={row.label}>
                <TableCell sx={{ pl: row.indent ? 4 : 2, color: row.indent ? 'text.secondary' : undefined }}>{row.label}</TableCell>
                <TableCell align="right">{formatMoney(row.amount)}</TableCell>
                <TableCell align="right" sx={{ color: row.share === null ? undefined : ratingPalette[row.rating], fontWeight: 600 }}>
                  {row.share === null ? 'N/A' : formatPercent(row.share * 100)}
                </TableCell>
                <TableCell sx={{ color: ratingPalette[row.rating], fontWeight: 600 }} data-testid="concentration">
                  {row.share === null ? '' : <RatingCue rating={row.rating} words={concentrationWords} />}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Section>
  );
}

function AssetQualityTable({ record }: { record: RawRecord }) {
  const quality = assetQuality(record);
  const rows = [...quality.rows, quality.total];
  return (
    <Section title="Asset Quality & Delinquency">
      <TableContainer>
        <Table size="small" aria-label="Asset quality and delinquency by loan type">
          <TableHead>
            <TableRow>
              <TableCell>Loan Type</TableCell>
              <TableCell align="right">30-89 Days Past Due</TableCell>
              <TableCell align="right">90+ Days Past Due</TableCell>
              <TableCell align="right">Nonaccrual</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.label} sx={row.label === 'Total' ? { '& td': { fontWeight: 700 } } : undefined}>
                <TableCell>{row.label}</TableCell>
                <TableCell align="right">{formatMoney(row.pastDue30)}</TableCell>
                <TableCell align="right">{formatMoney(row.pastDue90)}</TableCell>
                <TableCell align="right">{formatMoney(row.nonaccrual)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Section>
  );
}

/** The quarter's risk score, its category and what each factor gives, with what the score means. */
function RiskScoreSection({ record }: { record: RawRecord }) {
  const ratingPalette = useRatingPalette();
  return (
    <Section title="Risk Score" testId="risk-score">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {RISK_SCORE_EXPLAINED}
      </Typography>
      <KeyValueGrid items={riskLines(record).map((line) => ({ label: line.label, value: line.value, color: line.rating ? ratingPalette[line.rating] : undefined }))} />
    </Section>
  );
}

/** AI risk commentary on the quarter shown (the bank as of it): the saved one of that quarter, or generated on request. */
function RiskCommentary({ bank, quarter }: { bank: NormalisedBank; quarter: string }) {
  return (
    <Section title="AI Risk Commentary">
      <AiAnalysis
        cert={bank.cert}
        kind="risk"
        quarter={quarter}
        generate={(again) => aiApi.analyzeRisk(riskPayload(bank), bank.cert, quarter, again)}
        buttonLabel="Generate Risk Commentary"
        successText="AI analysis complete."
        failureText="Failed to generate AI risk analysis. Please try again."
        emptyText={`No risk commentary has been generated for ${quarterLabel(quarter)} yet.`}
        testId="ai-risk"
      />
    </Section>
  );
}

/** Every quarter the bank has figures for, plus the market's quarters, newest first. */
function quarterOptions(quarters: string[], market: string[]): string[] {
  return [...new Set([...market, ...quarters])].filter(isQuarter).sort((a, b) => b.localeCompare(a));
}

/**
 * Financials view: sections for one quarter, the one picked (the Benchmark compares on it too), else
 * the latest; an older one is loaded when picked. Picking the latest again forgets the pick.
 */
export function FinancialsPanel({ data, picked, onPick }: { data: BankDetailData; picked: string | null; onPick: (quarter: string | null) => void }) {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  // The market's quarters only add options: without them the bank's own quarters remain.
  const marketQuarters = useQuery({ queryKey: ['fdic', 'quarters'], queryFn: () => dataProvider.quarters(), staleTime: 10 * 60_000 });
  const options = useMemo(() => quarterOptions(data.quarters, marketQuarters.data ?? []), [data.quarters, marketQuarters.data]);
  const newest = newestQuarter(data);
  const selected = (picked && options.includes(picked) ? picked : newest) || options[0] || '';
  const { record, bank: bankAsOfSelected, loading } = useQuarterOfBank(data, selected);

  // A bank that reported no quarter held (it failed or merged before them) has no quarter to choose.
  const reportsNone = data.quarters.length === 0 && data.latestFinancials === null;
  const selector =
    options.length > 0 && !reportsNone ? (
      <FormControl size="small" sx={{ width: 170 }}>
        <InputLabel id="financials-quarter">Quarter</InputLabel>
        <Select labelId="financials-quarter" label="Quarter" value={selected} onChange={(event) => onPick(event.target.value === newest ? null : event.target.value)}>
          {options.map((option) => (
            <MenuItem key={option} value={option}>
              {quarterLabel(option)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    ) : null;

  return (
    <Box data-testid="financials-panel">
      <PanelTitle action={selector}>Financials</PanelTitle>
      {record ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {selected === newest ? 'Latest quarterly report' : 'Quarterly report'} as of {formatDate(isoDate(selected))} ({quarterLabel(selected)}).
            Amounts in US dollars; ratios in percent.
          </Typography>
          <RiskScoreSection record={record} />
          <RiskCommentary bank={bankAsOfSelected} quarter={selected} />
          <SectionGrid section={coreSection} record={record} />
          <SectionGrid section={ratioSection} record={record} />
          <Section title="Balance Sheet Summary">
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, gap: 2, alignItems: 'center' }}>
              <KeyValueGrid
                minWidth={170}
                items={balanceSheetSection.lines.map((line) => ({ label: line.label, value: formatMoney(line.value(record)) }))}
              />
              <AssetCompositionChart record={record} />
            </Box>
          </Section>
          <LoanPortfolioTable record={record} />
          <AssetQualityTable record={record} />
          <SectionGrid section={incomeSection} record={record} />
          <SectionGrid section={capitalSection} record={record} />
          <SectionGrid section={offBalanceSheetSection} record={record} />
        </>
      ) : loading ? (
        <PanelLoading text="Loading the quarter's financials..." />
      ) : reportsNone ? (
        <PanelEmpty>No quarterly financials are on file for this bank.</PanelEmpty>
      ) : (
        <PanelEmpty>Financials data not available for the selected quarter.</PanelEmpty>
      )}
    </Box>
  );
}
