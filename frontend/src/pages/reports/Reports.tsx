import { createContext, Fragment, useContext, useState } from 'react';
import { Alert, Box, Button, Divider, Grid, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography, useTheme } from '@mui/material';
import ReportsIcon from '@mui/icons-material/QueryStatsOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadCSV, useDataProvider } from 'react-admin';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartTooltip } from '../../ui/chartTooltip.ts';
import { useChartPalette } from '../../ui/useChartPalette.ts';
import { axisWidthFor, niceTicks } from '../../lib/chart-scale.ts';
import { automationOutcomeLabel, automationOutcomesTotal } from './outcomes.ts';
import { reportCsvColumns, reportFileName, type ReportName } from './exports.ts';
import { PageHeader } from '../../layout/PageHeader.tsx';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import type { ReportRow as Row } from '../../providers/services.ts';
import { csvFile } from '../../resources/shared/csv.ts';
import { useOnPhone } from '../../resources/shared/ListBody.tsx';
import { SectionCard } from '../../ui/SectionCard.tsx';
import { formatDate, formatLocalMoment, formatMoney, formatPercent, groupThousands } from '../../../../domain/format.ts';

/** A datetime-local value (the browser's own time zone) for a moment. */
function localInput(moment: Date): string {
  const shifted = new Date(moment.getTime() - moment.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

function exportRows(name: ReportName, rows: Row[], asOf: string | null) {
  downloadCSV(csvFile(rows, reportCsvColumns[name]), reportFileName(name, asOf));
}

/** The moment picked, and whether the rows shown are still another moment's (kept, dimmed, while this one replays). */
const ReportMoment = createContext<{ asOf: string | null; replaying: boolean }>({ asOf: null, replaying: false });

function ExportButton({ name, rows }: { name: ReportName; rows: Row[] }) {
  const { asOf, replaying } = useContext(ReportMoment);
  // Exported while the moment replays, another moment's rows went out under this one's name.
  return (
    <Button size="small" startIcon={<DownloadIcon />} disabled={rows.length === 0 || replaying} onClick={() => exportRows(name, rows, asOf)}>
      CSV
    </Button>
  );
}

/** `weekly`: the x values are the days weeks start on, written as the app writes dates; `label` names other x values in words. */
function ChartCard({ title, subtitle, name, rows, x, color, weekly = false, label }: { title: string; subtitle: string; name: ReportName; rows: Row[]; x: string; color: string; weekly?: boolean; label?: (value: string) => string }) {
  const { tooltipProps, barCursor } = useChartTooltip();
  const theme = useTheme();
  // Round ticks written as the app writes counts (3,000), on an axis wide enough for the widest.
  const ticks = niceTicks(Math.max(0, ...rows.map((row) => Number(row.count) || 0)), { wholeNumbers: true });
  return (
    <SectionCard title={title} subtitle={subtitle} action={<ExportButton name={name} rows={rows} />} testId={`report-${name}`}>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing yet at this moment.
        </Typography>
      ) : (
        <Box sx={{ height: 240 }}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={rows} margin={{ left: 0, right: 12, top: 8 }}>
              <CartesianGrid strokeDasharray="3 3" opacity={0.4} />
              <XAxis dataKey={x} tick={{ fontSize: 12, fill: theme.palette.text.secondary }} tickFormatter={weekly ? (day: string) => formatDate(day) : label} />
              <YAxis
                allowDecimals={false}
                ticks={ticks}
                domain={[0, ticks[ticks.length - 1]]}
                tickFormatter={groupThousands}
                tick={{ fontSize: 12, fill: theme.palette.text.secondary }}
                width={axisWidthFor(ticks.map(groupThousands), 12)}
              />
              <Tooltip {...tooltipProps} cursor={barCursor} labelFormatter={weekly ? (day) => `Week of ${formatDate(String(day))}` : label && ((value) => label(String(value)))} />
              <Bar dataKey="count" name="Count" fill={color} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </Box>
      )}
    </SectionCard>
  );
}

/** A table shows this many rows at most (more would slow the page); its CSV holds them all. */
const tableRows = 200;

type Column = { key: string; label: string; format?: (value: Row[string]) => string };

const cellText = (column: Column, row: Row) => (column.format ? column.format(row[column.key]) : (row[column.key] ?? '—').toString());
const rowKey = (row: Row, index: number) => String(row.id ?? row.cert ?? index);

/**
 * A table's rows on a phone: each a block, its first column the title and the others 'label value'
 * under it. As a table, the columns ran past the card's edge, reached only by scrolling it sideways.
 */
function RowBlocks({ rows, columns: [first, ...rest] }: { rows: Row[]; columns: Column[] }) {
  return (
    <Stack component="ul" divider={<Divider component="li" aria-hidden />} spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row, index) => (
        <li key={rowKey(row, index)}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {cellText(first, row)}
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, m: 0 }}>
            {rest.map((column) => (
              <Fragment key={column.key}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {column.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {cellText(column, row)}
                </Typography>
              </Fragment>
            ))}
          </Box>
        </li>
      ))}
    </Stack>
  );
}

function TableCard({ title, name, rows, columns }: { title: string; name: ReportName; rows: Row[]; columns: Column[] }) {
  const onPhone = useOnPhone();
  const shown = rows.slice(0, tableRows);
  return (
    <SectionCard title={title} subtitle={`${groupThousands(rows.length)} as they were`} action={<ExportButton name={name} rows={rows} />} testId={`report-${name}`}>
      <Box sx={{ maxHeight: 360, overflow: 'auto' }}>
        {onPhone ? (
          <RowBlocks rows={shown} columns={columns} />
        ) : (
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.key}>{column.label}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((row, index) => (
                <TableRow key={rowKey(row, index)}>
                  {columns.map((column) => (
                    <TableCell key={column.key}>{cellText(column, row)}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Box>
      {rows.length > tableRows && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Showing the first {tableRows} of {groupThousands(rows.length)}. The CSV holds them all.
        </Typography>
      )}
    </SectionCard>
  );
}

const yesNo = (value: Row[string]) => (value ? 'Yes' : 'No');

/**
 * Reports: the outreach funnel, emails and completed tasks per week, automation outcomes, targets and
 * contacts, all replayed from the user's history. The date picker moves the whole page back in time.
 */
export default function Reports() {
  const theme = useTheme();
  const chartPalette = useChartPalette();
  const [asOf, setAsOf] = useState<string | null>(null);
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  // another moment's report stays on the page, dimmed, until this one's replay answers
  const overview = useQuery({ queryKey: ['reports', 'overview', asOf], queryFn: () => dataProvider.reportsOverview(asOf), placeholderData: keepPreviousData });
  const reports = overview.data?.reports ?? {};
  const rows = (name: ReportName) => reports[name] ?? [];
  return (
    <Box>
      <PageHeader
        title="Reports"
        subtitle={asOf ? `As of ${formatLocalMoment(asOf)}` : 'As of now'}
        icon={<ReportsIcon />}
        actions={
          // Now goes under the moment where the two do not fit side by side (a 320 px window: 400 % zoom).
          // The moment's box is as wide as its date, not the whole line (as text boxes are by default): it
          // took the line and put Now under it even where the two fit.
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField
              fullWidth={false}
              type="datetime-local"
              size="small"
              label="As of"
              value={asOf ? localInput(new Date(asOf)) : ''}
              onChange={(event) => setAsOf(event.target.value ? new Date(event.target.value).toISOString() : null)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': 'As of', max: localInput(new Date()) } }}
            />
            <Button variant="outlined" disabled={!asOf} onClick={() => setAsOf(null)}>
              Now
            </Button>
          </Stack>
        }
      />
      {overview.isError && <Alert severity="error">{(overview.error as Error).message}</Alert>}
      {overview.isFetching && (
        // A first report folds the whole history (10-40 s for a million events); later ones start from saved snapshots.
        <Box role="status" sx={{ mb: 2 }}>
          <LinearProgress aria-label="Replaying your history" />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Replaying your history… The first report over a long history takes longest; later ones start from saved snapshots.
          </Typography>
        </Box>
      )}
      {/* nothing is claimed about the history before its first replay answers */}
      {overview.data && (
        <ReportMoment.Provider value={{ asOf, replaying: overview.isPlaceholderData }}>
          <Grid container spacing={2} sx={{ opacity: overview.isFetching ? 0.6 : 1 }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <ChartCard title="Outreach funnel" subtitle="Contacts → emailed → replied → hot" name="funnel" rows={rows('funnel')} x="stage" color={theme.palette.primary.main} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <ChartCard title="Automation outcomes" subtitle={automationOutcomesTotal(rows('automation'))} name="automation" rows={rows('automation')} x="outcome" color={chartPalette.purple} label={automationOutcomeLabel} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <ChartCard title="Emails sent per week" subtitle="Weeks start on Monday" name="emails-per-week" rows={rows('emails-per-week')} x="week" color={chartPalette.sky} weekly />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <ChartCard title="Tasks completed per week" subtitle="Weeks start on Monday" name="tasks-per-week" rows={rows('tasks-per-week')} x="week" color={chartPalette.green} weekly />
            </Grid>
            {/* The tables side by side only where both fit their columns (a tracked bank has six). */}
            <Grid size={{ xs: 12, xl: 6 }}>
              <TableCard
                title="Tracked banks"
                name="targets"
                rows={rows('targets')}
                columns={[
                  { key: 'name', label: 'Bank' },
                  { key: 'state', label: 'State' },
                  { key: 'isTarget', label: 'Target', format: yesNo },
                  { key: 'assets', label: 'Assets', format: (value) => (typeof value === 'number' ? formatMoney(value) : '—') },
                  { key: 'roa', label: 'ROA', format: (value) => (typeof value === 'number' ? formatPercent(value) : '—') },
                  { key: 'contacts', label: 'Contacts' },
                ]}
              />
            </Grid>
            <Grid size={{ xs: 12, xl: 6 }}>
              <TableCard
                title="Contacts"
                name="contacts"
                rows={rows('contacts')}
                columns={[
                  { key: 'name', label: 'Name' },
                  { key: 'title', label: 'Title' },
                  { key: 'bankName', label: 'Bank' },
                  { key: 'isHotLead', label: 'Hot', format: yesNo },
                  { key: 'replied', label: 'Replied', format: yesNo },
                ]}
              />
            </Grid>
          </Grid>
        </ReportMoment.Provider>
      )}
    </Box>
  );
}
