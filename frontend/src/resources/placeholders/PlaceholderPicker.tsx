import { Fragment, useState, type KeyboardEvent } from 'react';
import { Box, Button, ListSubheader, Menu, MenuItem, TextField, Typography } from '@mui/material';
import DataObjectIcon from '@mui/icons-material/DataObject';
import { insertionFor, placeholderCatalogue, type Placeholder } from '../../../../domain/placeholders/index.ts';
import { placeholdersMatching } from './matching.ts';

/** The filter's bar, which stays at the top of the menu: each group's heading sticks just below it. */
const FILTER_BAR_HEIGHT = 56;

/**
 * 'Insert Placeholder': the catalogue by group (contact and user, institution, AI analysis, ratios...),
 * each entry with its label, its `{{name}}` and an example; choosing one hands its text to `onInsert`.
 * A filter at the top narrows the list as one types (about 90 entries are a long scroll on a phone):
 * Down moves into the list, Enter takes the first match, Escape closes the menu.
 */
export function PlaceholderPicker({ onInsert }: { onInsert: (text: string) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [filter, setFilter] = useState('');
  const groups = placeholdersMatching(placeholderCatalogue, filter);
  const choose = (placeholder: Placeholder) => {
    setAnchor(null);
    onInsert(insertionFor(placeholder));
  };
  // The menu moves focus to the entry whose label starts with a typed letter: the filter keeps its
  // keys, all but those that leave it (Down into the list, Escape and Tab out of the menu).
  const keepKeys = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      const first = groups[0]?.placeholders[0];
      if (first) choose(first);
    }
    if (!['ArrowDown', 'Escape', 'Tab'].includes(event.key)) event.stopPropagation();
  };
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<DataObjectIcon />}
        // Keeps the caret where it is in the field: the button takes no focus on press.
        onMouseDown={(event) => event.preventDefault()}
        onClick={(event) => {
          setFilter('');
          setAnchor(event.currentTarget);
        }}
        aria-haspopup="menu"
      >
        Insert Placeholder
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} autoFocus={false} slotProps={{ paper: { sx: { maxHeight: 420, width: 380 } } }} disableRestoreFocus>
        <ListSubheader sx={{ zIndex: 2, height: FILTER_BAR_HEIGHT, display: 'flex', alignItems: 'center', bgcolor: 'background.paper' }}>
          <TextField
            autoFocus
            fullWidth
            placeholder="Filter placeholders"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            onKeyDown={keepKeys}
            slotProps={{ htmlInput: { 'aria-label': 'Filter placeholders', autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false, enterKeyHint: 'done' } }}
          />
        </ListSubheader>
        {groups.length === 0 && <MenuItem disabled>{`No placeholder matches "${filter.trim()}".`}</MenuItem>}
        {groups.map((group) => (
          <Fragment key={group.id}>
            <ListSubheader sx={{ fontWeight: 700, lineHeight: '32px', top: FILTER_BAR_HEIGHT }}>{group.label}</ListSubheader>
            {group.placeholders.map((placeholder) => (
              <MenuItem key={placeholder.name} onClick={() => choose(placeholder)} title={placeholder.description} aria-label={`${placeholder.label} {{${placeholder.name}}}`}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                    {placeholder.label}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div" noWrap>
                    {`{{${placeholder.name}}}`} · e.g. {String(placeholder.sample)}
                  </Typography>
                </Box>
              </MenuItem>
            ))}
          </Fragment>
        ))}
      </Menu>
    </>
  );
}
