import { Box, Button, Typography } from '@mui/material';
import { pageInfo, showingText } from '../lib/pagination.ts';

/**
 * 'Showing X to Y of N results', Previous/Next and 'Page P of T'; renders nothing when the total
 * fits on one page.
 */
export function Pager({ page, pageSize, total, loading, onPage }: { page: number; pageSize: number; total: number; loading?: boolean; onPage: (page: number) => void }) {
  const info = pageInfo(page, pageSize, total);
  if (!info.showPager) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 2, flexWrap: 'wrap' }} data-testid="pager">
      <Typography variant="body2" color="text.secondary">
        {showingText(info)}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Button size="small" variant="outlined" disabled={loading || info.page <= 1} onClick={() => onPage(info.page - 1)}>
          Previous
        </Button>
        <Typography variant="body2">
          Page {info.page} of {info.pageCount}
        </Typography>
        <Button size="small" variant="outlined" disabled={loading || info.page >= info.pageCount} onClick={() => onPage(info.page + 1)}>
          Next
        </Button>
      </Box>
    </Box>
  );
}
