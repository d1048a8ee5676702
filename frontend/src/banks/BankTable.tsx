import type { ReactNode } from 'react';
import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableSortLabel, Typography } from '@mui/material';
import type { SortState } from '../lib/directory.ts';
import { BankTargetStar } from '../targets/TargetStar.tsx';
import type { useTargetToggle } from '../targets/useTargetToggle.ts';
import { tableWidths, type BankColumn, type BankIdentity } from './columns.ts';

/**
 * The bank list of the Directory and the Credit Box: star, name over city and state (wrapping, never
 * cut), the given figure columns, and the row's actions; a click on a row opens the bank.
 */
export function BankTable<Row extends BankIdentity>({
  rows,
  columns,
  targets,
  onOpen,
  actions,
  sort,
  onSort,
  label,
  nameHeader = 'Bank Name',
  rowTestId,
}: {
  rows: Row[];
  columns: BankColumn<Row>[];
  targets: ReturnType<typeof useTargetToggle>;
  onOpen: (cert: number) => void;
  actions: (row: Row) => ReactNode;
  /** Given for lists the server sorts: headers of columns with a sort field become sort buttons. */
  sort?: SortState;
  onSort?: (field: string) => void;
  label: string;
  /** The name column's header: 'Bank Name' in the Directory, 'Bank' among the Credit Box's results. */
  nameHeader?: string;
  rowTestId: string;
}) {
  const direction = (field: string) => (sort?.field === field ? (sort.order === 'ASC' ? 'asc' : 'desc') : undefined);
  const header = (field: string | undefined, text: string) =>
    field && sort && onSort ? (
      <TableSortLabel active={sort.field === field} direction={direction(field) ?? 'desc'} onClick={() => onSort(field)} hideSortIcon>
        {text}
      </TableSortLabel>
    ) : (
      text
    );
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="bank-table">
      <Table size="small" aria-label={label} sx={{ '& .MuiTableCell-root': { px: 1 }, '& .MuiTableCell-paddingCheckbox': { px: 0.5, width: tableWidths.star } }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell sortDirection={direction('NAME') ?? false}>{header('NAME', nameHeader)}</TableCell>
            {columns.map((column) => (
              <TableCell key={column.id} align={column.align} sortDirection={(column.sortField && direction(column.sortField)) || false} sx={{ lineHeight: 1.2 }}>
                {header(column.sortField, column.label)}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ width: tableWidths.actions }}>
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.cert} hover onClick={() => onOpen(row.cert)} sx={{ cursor: 'pointer' }} data-testid={rowTestId} data-cert={row.cert}>
              <TableCell padding="checkbox">
                <BankTargetStar targets={targets} bank={row} />
              </TableCell>
              <TableCell sx={{ minWidth: tableWidths.name - 16 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="bank-name">
                  {row.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {[row.city, row.state].filter(Boolean).join(', ')}
                </Typography>
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column.id} align={column.align} sx={{ whiteSpace: 'nowrap' }}>
                  {column.render(row)}
                </TableCell>
              ))}
              <TableCell align="right" onClick={(event) => event.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
                {actions(row)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
