import { useState } from 'react';
import { Box, Button } from '@mui/material';
import { countOf } from '../../../domain/format.ts';
import { ROWS_AT_A_TIME, rowsShown } from './rowsShown.ts';

/** The first rows of a list, `ROWS_AT_A_TIME` more at each `showMore`. */
export function useRowsShown<Row>(rows: readonly Row[]) {
  const [limit, setLimit] = useState(ROWS_AT_A_TIME);
  return { ...rowsShown(rows, limit), showMore: () => setLimit((shown) => shown + ROWS_AT_A_TIME) };
}

/** The list item under the rows drawn: 'Show 50 more of 454 contacts not shown'. */
export function ShowMoreRows({ hidden, noun, onClick }: { hidden: number; noun: string; onClick: () => void }) {
  if (hidden === 0) return null;
  return (
    <Box component="li" sx={{ py: 0.5 }}>
      <Button size="small" onClick={onClick}>
        Show {Math.min(ROWS_AT_A_TIME, hidden)} more of {countOf(hidden, noun)} not shown
      </Button>
    </Box>
  );
}
