import type { ReactNode } from 'react';
import { Box, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import type { useTargetToggle } from '../targets/useTargetToggle.ts';
import { BankCardHeader } from '../ui/BankCardHeader.tsx';
import type { BankColumn, BankIdentity } from './columns.ts';

/** The card view of the Directory and the Credit Box: one card per bank with its figures, an optional footer and the actions. */
export function BankCardGrid<Row extends BankIdentity>({
  rows,
  columns,
  targets,
  actions,
  footer,
  cardTestId,
}: {
  rows: Row[];
  columns: BankColumn<Row>[];
  targets: ReturnType<typeof useTargetToggle>;
  actions: (row: Row) => ReactNode;
  footer?: (row: Row) => ReactNode;
  cardTestId: string;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' } }}>
      {rows.map((row) => (
        <Card key={row.cert} data-testid={cardTestId} sx={{ display: 'flex', flexDirection: 'column' }}>
          <CardContent sx={{ flex: 1 }}>
            <BankCardHeader bank={row} targets={targets} />
            {/* Two figures to a line only where a card has room for both whole (10rem each, growing with the text size):
                two to a line always cut the Credit Box's figures to '$43…' and a rating to 'Str'. */}
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 10rem), 1fr))', columnGap: 2, rowGap: 0.75 }}>
              {columns.map((column) => (
                <Stack key={column.id} direction="row" sx={{ justifyContent: 'space-between', gap: 1, minWidth: 0 }}>
                  <Typography variant="caption" color="text.secondary" noWrap>
                    {column.cardLabel ?? column.label}
                  </Typography>
                  <Typography variant="caption" sx={{ fontWeight: 600, textAlign: 'right' }} noWrap>
                    {column.render(row)}
                  </Typography>
                </Stack>
              ))}
            </Box>
            {footer?.(row)}
          </CardContent>
          <CardActions sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>{actions(row)}</CardActions>
        </Card>
      ))}
    </Box>
  );
}
