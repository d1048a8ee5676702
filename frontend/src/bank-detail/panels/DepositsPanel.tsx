import { useState } from 'react';
import { Box, Typography, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartTooltip } from '../../ui/chartTooltip.ts';
import { formatMoney } from '../../../../domain/format.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { Pager } from '../../ui/Pager.tsx';
import { PanelEmpty, PanelError, PanelLoading } from '../components/PanelState.tsx';
import { PanelTitle, Section } from '../components/Section.tsx';
import { ViewSwitch } from '../components/ViewSwitch.tsx';
import { branchAddress, branchOf, summaryOfDepositsAsOf, topBranchesByDeposits } from '../lib/locations.ts';
import { pageOffset } from '../../lib/paging.ts';
import { listPageSize } from '../lib/pagination.ts';

type DepositsView = 'chart' | 'list';

/** Summary of Deposits: 'Top 10 Branches by Deposits' chart (default) or the paged branch list. */
export function DepositsPanel({ cert }: { cert: number }) {
  const { tooltipProps, barCursor } = useChartTooltip();
  const [view, setView] = useState<DepositsView>('chart');
  const [page, setPage] = useState(1);
  // The chart reads the first page; the list refetches whenever its page changes.
  const shownPage = view === 'chart' ? 1 : page;
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const deposits = useQuery({
    queryKey: ['bank', cert, 'sod', shownPage],
    queryFn: async () => {
      const found = await dataProvider.summaryOfDeposits(cert, { limit: listPageSize, offset: pageOffset(shownPage, listPageSize) });
      return { branches: found.items.map(branchOf), total: found.total, asOf: summaryOfDepositsAsOf(found.items) };
    },
    placeholderData: keepPreviousData,
  });

  let body;
  if (deposits.isError) body = <PanelError>Failed to fetch Summary of Deposits data.</PanelError>;
  else if (!deposits.data) body = <PanelLoading text="Loading Summary of Deposits..." />;
  else if (deposits.data.total === 0 || deposits.data.branches.length === 0) body = <PanelEmpty>No deposit data found for branches.</PanelEmpty>;
  else if (view === 'chart') {
    const top = topBranchesByDeposits(deposits.data.branches);
    body = (
      <Section title="Top 10 Branches by Deposits" testId="deposits-chart">
        <Box sx={{ height: Math.max(260, top.length * 36 + 60) }}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={top} layout="vertical" margin={{ left: 8, right: 24 }}>
              <CartesianGrid strokeDasharray="3 3" opacity={0.4} />
              <XAxis type="number" tickFormatter={(value: number) => formatMoney(value)} />
              <YAxis type="category" dataKey="name" width={200} tick={{ fontSize: 12 }} />
              <Tooltip {...tooltipProps} cursor={barCursor} formatter={(value) => [formatMoney(Number(value)), 'Deposits']} />
              <Bar dataKey="deposits" name="Deposits" fill="#16a34a" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </Box>
      </Section>
    );
  } else {
    body = (
      <Box sx={{ opacity: deposits.isPlaceholderData ? 0.6 : 1 }}>
        <TableContainer>
          <Table size="small" aria-label="Summary of Deposits by branch">
            <TableHead>
              <TableRow>
                <TableCell>Branch Name</TableCell>
                <TableCell>Address</TableCell>
                <TableCell align="right">Deposits</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {deposits.data.branches.map((branch) => (
                <TableRow key={branch.id}>
                  <TableCell>{branch.name}</TableCell>
                  <TableCell>{branchAddress(branch)}</TableCell>
                  <TableCell align="right">{formatMoney(branch.deposits === null ? null : branch.deposits * 1000)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Pager page={page} pageSize={listPageSize} total={deposits.data.total} onPage={setPage} disabled={deposits.isPlaceholderData} hideWhenOnePage />
      </Box>
    );
  }

  return (
    <Box data-testid="deposits-panel">
      <PanelTitle
        action={
          <ViewSwitch
            label="Summary of Deposits view"
            value={view}
            onChange={(next) => {
              setView(next);
              setPage(1);
            }}
            options={[
              { value: 'chart', label: 'Chart' },
              { value: 'list', label: 'List' },
            ]}
          />
        }
      >
        Summary of Deposits
      </PanelTitle>
      {deposits.data?.asOf && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="deposits-as-of">
          Branch deposits as of {deposits.data.asOf}, from the FDIC&apos;s annual Summary of Deposits. Amounts in US dollars.
        </Typography>
      )}
      {body}
    </Box>
  );
}
