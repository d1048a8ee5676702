import { useMemo, useState } from 'react';
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import type { RawRecord } from '../../banks/records.ts';
import { PanelError } from './PanelState.tsx';
import { useFieldMap } from '../useFieldMap.ts';

function display(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const noLabels: Record<string, string> = {};

/**
 * Every field of a raw regulator record, labelled with the field definitions and filterable by code
 * or label. `labels` name codes the definitions do not know, or know with another meaning.
 */
export function RawFieldTable({ record, label, labels = noLabels }: { record: RawRecord; label: string; labels?: Record<string, string> }) {
  const definitions = useFieldMap();
  const [filter, setFilter] = useState('');
  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return Object.entries(record)
      .map(([code, value]) => ({ code, label: labels[code] ?? definitions.data?.[code] ?? definitions.data?.[code.toUpperCase()] ?? code, value: display(value) }))
      .filter((row) => !needle || row.code.toLowerCase().includes(needle) || row.label.toLowerCase().includes(needle))
      .sort((a, b) => a.code.localeCompare(b.code));
  }, [record, definitions.data, filter, labels]);
  return (
    <Box>
      {definitions.isError && <PanelError>Could not load field definitions.</PanelError>}
      <TextField label="Filter fields" value={filter} onChange={(event) => setFilter(event.target.value)} sx={{ mb: 1.5, maxWidth: 320 }} fullWidth />
      {/* Focusable, so it scrolls from the keyboard as well. */}
      <TableContainer sx={{ maxHeight: '65vh' }} tabIndex={0} role="region" aria-label={label}>
        <Table size="small" stickyHeader aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>Field</TableCell>
              <TableCell>Code</TableCell>
              <TableCell>Value</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.code}>
                <TableCell sx={{ maxWidth: 360 }}>{row.label}</TableCell>
                <TableCell>
                  <Typography variant="caption" sx={{ fontFamily: 'monospace' }}>
                    {row.code}
                  </Typography>
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{row.value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
