import { useEffect, useRef } from 'react';
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

/**
 * Previous/Next with 'Page X of Y' and 'Showing A to B of N results'.
 *
 * The keyboard stays on the button pressed. While a page loads the buttons wait without being
 * disabled (aria-disabled, presses ignored): a disabled button drops focus to the page's start, and a
 * keyboard user paging through a list had to Tab back past every row after each page. On reaching
 * the first or last page the button pressed is disabled for good, and focus moves to the other one.
 */
export function Pager({ page, pageSize, total, onPage, disabled = false, hideWhenOnePage = false }: PagerProps) {
  const info = pageInfo(page, pageSize, total);
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const lastPressed = useRef<'previous' | 'next' | null>(null);
  useEffect(() => {
    const active = document.activeElement;
    const lost = (button: HTMLButtonElement | null) => active === button || active === document.body;
    if (lastPressed.current === 'next' && !info.hasNext && lost(next.current)) previous.current?.focus();
    if (lastPressed.current === 'previous' && !info.hasPrevious && lost(previous.current)) next.current?.focus();
  }, [info.hasNext, info.hasPrevious]);
  if (hideWhenOnePage && info.pageCount === 1) return null;
  const press = (button: 'previous' | 'next') => () => {
    if (disabled) return;
    lastPressed.current = button;
    onPage(info.page + (button === 'next' ? 1 : -1));
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 2 }} data-testid="pager">
      {/* A status: a screen reader says which rows a new page or search shows. */}
      <Typography variant="body2" color="text.secondary" role="status" data-testid="pager-showing">
        {showingLabel(info)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button ref={previous} variant="outlined" size="small" disabled={!info.hasPrevious} aria-disabled={disabled || undefined} onClick={press('previous')}>
          Previous
        </Button>
        <Typography variant="body2" sx={{ minWidth: 96, textAlign: 'center' }} data-testid="pager-page">
          {pageLabel(info)}
        </Typography>
        <Button ref={next} variant="outlined" size="small" disabled={!info.hasNext} aria-disabled={disabled || undefined} onClick={press('next')}>
          Next
        </Button>
      </Stack>
    </Stack>
  );
}
