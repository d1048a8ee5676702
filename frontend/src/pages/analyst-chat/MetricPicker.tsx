import { useMemo, useState } from 'react';
import { Box, CircularProgress, List, ListItem, ListItemButton, ListItemText, Popover, TextField, Typography } from '@mui/material';
import { useFieldMap } from '../../bank-detail/useFieldMap.ts';

/** The metric picker: searches the field map by code or description; choosing one inserts its description. */
export function MetricPicker({ anchor, onClose, onPick }: { anchor: HTMLElement | null; onClose: () => void; onPick: (description: string) => void }) {
  const [search, setSearch] = useState('');
  const fields = useFieldMap();
  const matches = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return Object.entries(fields.data ?? {})
      .filter(([code, description]) => !needle || code.toLowerCase().includes(needle) || description.toLowerCase().includes(needle))
      .slice(0, 100);
  }, [fields.data, search]);
  return (
    <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={onClose} anchorOrigin={{ vertical: 'top', horizontal: 'left' }} transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      <Box sx={{ width: { xs: 300, sm: 380 }, p: 1.5 }} data-testid="metric-picker">
        <TextField autoFocus fullWidth size="small" placeholder="Search for a financial metric..." value={search} onChange={(event) => setSearch(event.target.value)} />
        <Box sx={{ maxHeight: 300, overflowY: 'auto', mt: 1 }}>
          {fields.isPending && <CircularProgress size={20} sx={{ m: 2 }} />}
          {fields.isError && <Typography color="error" variant="body2" sx={{ p: 1 }}>Could not load field definitions.</Typography>}
          {fields.isSuccess && matches.length === 0 && <Typography color="text.secondary" variant="body2" sx={{ p: 1 }}>No metrics found.</Typography>}
          <List dense disablePadding>
            {matches.map(([code, description]) => (
              <ListItem key={code} disablePadding>
                <ListItemButton onClick={() => onPick(description)}>
                  <ListItemText primary={description} secondary={code} slotProps={{ primary: { variant: 'body2' } }} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
      </Box>
    </Popover>
  );
}
