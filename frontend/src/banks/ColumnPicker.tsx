import { useState } from 'react';
import { Button, Checkbox, Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import ColumnsIcon from '@mui/icons-material/ViewColumnOutlined';
import type { BankColumn } from './columns.ts';

/**
 * 'Columns': tick the figure columns to show. Until the user ticks something the list shows what fits
 * the page; 'Fit to page' goes back to that.
 */
export function ColumnPicker<Row>({
  columns,
  shown,
  onPick,
}: {
  columns: BankColumn<Row>[];
  shown: BankColumn<Row>[];
  onPick: (ids: string[] | null) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shownIds = new Set(shown.map((column) => column.id));
  const toggle = (id: string) => {
    const next = shownIds.has(id) ? [...shownIds].filter((shownId) => shownId !== id) : [...shownIds, id];
    onPick(columns.filter((column) => next.includes(column.id)).map((column) => column.id));
  };
  return (
    <>
      <Button variant="outlined" size="small" startIcon={<ColumnsIcon />} onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="menu">
        Columns
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': 'Columns to show', dense: true } }}>
        {columns.map((column) => (
          <MenuItem key={column.id} onClick={() => toggle(column.id)} role="menuitemcheckbox" aria-checked={shownIds.has(column.id)}>
            <ListItemIcon>
              <Checkbox edge="start" size="small" checked={shownIds.has(column.id)} tabIndex={-1} disableRipple />
            </ListItemIcon>
            <ListItemText>{column.label}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            onPick(null);
            setAnchor(null);
          }}
        >
          <ListItemText inset>Fit to page</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
