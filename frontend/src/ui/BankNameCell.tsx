import { TableCell, Typography } from '@mui/material';

/** A bank's name (bold, one line, full name on hover) over its city and state, as list tables show it. */
export function BankNameCell({ bank, maxWidth }: { bank: { name: string; city?: string | null; state?: string | null }; maxWidth: number }) {
  return (
    <TableCell sx={{ minWidth: maxWidth - 80, maxWidth }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={bank.name} data-testid="bank-name">
        {bank.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap component="div">
        {[bank.city, bank.state].filter(Boolean).join(', ')}
      </Typography>
    </TableCell>
  );
}
