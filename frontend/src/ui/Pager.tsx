import { Button, Stack, Typography } from '@mui/material';
import { pageInfo, pageLabel, showingLabel } from '../lib/paging.ts';

type PagerProps = {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** While the next page loads: Previous and Next wait. */
  disabled?: boolean;
  /** Render nothing when every row fits on one page. */
  hideWhenOnePage?: boolean;
};

/** Previous/Next with 'Page X of Y' and 'Showing A to B of N results'. */
export function Pager({ page, pageSize, total, onPage, disabled = false, hideWhenOnePage = false }: PagerProps) {
  const info = pageInfo(page, pageSize, total);
  if (hideWhenOnePage && info.pageCount === 1) return null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 2 }} data-testid="pager">
      <Typography variant="body2" color="text.secondary" data-testid="pager-showing">
        {showingLabel(info)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" size="small" disabled={disabled || !info.hasPrevious} onClick={() => onPage(info.page - 1)}>
          Previous
        </Button>
        <Typography variant="body2" sx={{ minWidth: 96, textAlign: 'center' }} data-testid="pager-page">
          {pageLabel(info)}
        </Typography>
        <Button variant="outlined" size="small" disabled={disabled || !info.hasNext} onClick={() => onPage(info.page + 1)}>
          Next
        </Button>
      </Stack>
    </Stack>
  );
}
