import { useState } from 'react';
import { Alert, Box, Button, InputAdornment, LinearProgress, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useBankDetail } from '../../bank-detail/index.tsx';
import { bankRowsOf, matchesNameOrCert, riskNotAvailableReason } from '../../lib/fdic-row.ts';
import { delinquencyColor, formatMoney, formatPercent, roaColor, scoreColor, scoreWords } from '../../../../domain/format.ts';
import { riskCategoryFilter, type RiskCategory } from '../../lib/risk-bands.ts';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { BankTargetStar } from '../../targets/TargetStar.tsx';
import { RISK_MODAL_NAVIGATION_DELAY_MS, useTargetToggle } from '../../targets/useTargetToggle.ts';
import { Modal } from '../../ui/Modal.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { RatingText } from '../../ui/RatingText.tsx';

export const RISK_MODAL_PAGE_SIZE = 20;
const RISK_FIELDS = ['CERT', 'NAME', 'CITY', 'STALP', 'ASSET', 'NCLNLSR', 'ROA', 'ROAQ', 'RBC1RWAJ'].join(',');

/**
 * '{category} Banks': the category's active banks by assets, 20 per page, searchable on the loaded page.
 * Read from the same quarterly list as the directory, so the total matches the donut's count.
 */
export default function RiskCategoryModal({ category, onClose }: { category: RiskCategory; onClose: () => void }) {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const detail = useBankDetail();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const targets = useTargetToggle({ navigationDelayMs: RISK_MODAL_NAVIGATION_DELAY_MS, announceNavigation: true });

  const list = useQuery({
    queryKey: ['fdic', 'risk-category', category, page],
    queryFn: ({ signal }) =>
      dataProvider.financialsQuery(
        { limit: RISK_MODAL_PAGE_SIZE, offset: (page - 1) * RISK_MODAL_PAGE_SIZE, sort_by: 'ASSET', sort_order: 'DESC', filters: riskCategoryFilter(category), fields: RISK_FIELDS },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const rows = bankRowsOf(list.data).filter((row) => matchesNameOrCert(row, search));
  const total = list.data?.meta.total ?? 0;

  return (
    <Modal open title={`${category} Banks`} onClose={onClose} maxWidth="lg">
      <Box data-testid="risk-category-modal">
        <TextField
          placeholder="Search by name or CERT..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          fullWidth
          sx={{ mb: 2 }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }, htmlInput: { 'aria-label': 'Search by name or CERT' } }}
        />
        {list.isError && (
          <Alert severity="error" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={() => list.refetch()}>Retry</Button>}>
            {`Failed to load banks for ${category} category.`}
          </Alert>
        )}
        <Box sx={{ height: 4 }}>{list.isFetching && <LinearProgress />}</Box>
        <TableContainer>
          <Table size="small" aria-label={`${category} banks`}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>Bank Name</TableCell>
                <TableCell align="right">Assets</TableCell>
                <TableCell align="right">NPL %</TableCell>
                <TableCell align="right">ROA</TableCell>
                <TableCell align="right">Risk Score</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.cert} hover onClick={() => detail.open(row.cert)} sx={{ cursor: 'pointer' }} data-testid="risk-row">
                  <TableCell padding="checkbox">
                    <BankTargetStar targets={targets} bank={row} />
                  </TableCell>
                  <TableCell>
                    {/* A button as well as the row's click, so a keyboard user can open the bank too. */}
                    <Link
                      component="button"
                      variant="body2"
                      color="inherit"
                      underline="hover"
                      onClick={(event) => {
                        event.stopPropagation();
                        detail.open(row.cert);
                      }}
                      sx={{ display: 'block', fontWeight: 600, textAlign: 'left' }}
                    >
                      {row.name}
                    </Link>
                    <Typography variant="caption" color="text.secondary">
                      {[row.city, row.state].filter(Boolean).join(', ')} · CERT {row.cert}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{formatMoney(row.assets)}</TableCell>
                  <TableCell align="right"><RatingText value={formatPercent(row.nplRatio)} rating={delinquencyColor(row.nplRatio)} cue="below" /></TableCell>
                  <TableCell align="right"><RatingText value={formatPercent(row.roa)} rating={roaColor(row.roa)} cue="below" /></TableCell>
                  <TableCell align="right">
                    {row.riskScore === null ? (
                      <Tooltip title={riskNotAvailableReason(row)} describeChild>
                        <span data-testid="risk-not-available" tabIndex={0}>
                          <RatingText value="N/A" rating={scoreColor(null)} />
                        </span>
                      </Tooltip>
                    ) : (
                      <RatingText value={row.riskScore.toFixed(1)} rating={scoreColor(row.riskScore)} cue="below" words={scoreWords} />
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {/* After a failed load the alert above says so: an empty list would wrongly say there are no banks. */}
              {!list.isPending && !list.isError && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                    {search ? 'No bank on this page matches your search.' : 'No banks in this category.'}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {total > 0 && <Pager page={page} pageSize={RISK_MODAL_PAGE_SIZE} total={total} onPage={setPage} disabled={list.isFetching} />}
      </Box>
    </Modal>
  );
}
