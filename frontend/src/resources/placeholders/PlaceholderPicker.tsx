import { Fragment, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Button, ListSubheader, MenuItem, MenuList, Popover, TextField, Typography } from '@mui/material';
import DataObjectIcon from '@mui/icons-material/DataObject';
import { insertionFor, placeholderCatalogue, type Placeholder } from '../../../../domain/placeholders/index.ts';
import { placeholdersMatching } from './matching.ts';

/**
 * 'Insert Placeholder': the catalogue by group (contact and user, institution, AI analysis, ratios...),
 * each entry with its label, its `{{name}}` and an example; choosing one hands its text to `onInsert`.
 * A filter above the list narrows it as one types (about 90 entries are a long scroll on a phone):
 * Down moves into the list, Enter takes the first match, Escape closes the menu. The filter sits
 * outside the menu, which holds only its entries and where a typed letter moves to the entry it begins.
 */
export function PlaceholderPicker({ onInsert }: { onInsert: (text: string) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [filter, setFilter] = useState('');
  const groups = placeholdersMatching(placeholderCatalogue, filter);
  const choose = (placeholder: Placeholder) => {
    setAnchor(null);
    onInsert(insertionFor(placeholder));
  };
  const list = useRef<HTMLUListElement>(null);
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      list.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      const first = groups[0]?.placeholders[0];
      if (first) choose(first);
    }
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
      <Popover
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { maxHeight: 420, width: 380, display: 'flex', flexDirection: 'column' } } }}
        disableRestoreFocus
      >
        <Box sx={{ p: 1.5, pb: 0.5, flexShrink: 0 }}>
          <TextField
            autoFocus
            fullWidth
            placeholder="Filter placeholders"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            onKeyDown={keys}
            slotProps={{ htmlInput: { 'aria-label': 'Filter placeholders', autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false, enterKeyHint: 'done' } }}
          />
        </Box>
        <MenuList ref={list} aria-label="Placeholders" sx={{ overflowY: 'auto' }}>
          {groups.length === 0 && <MenuItem disabled>{`No placeholder matches "${filter.trim()}".`}</MenuItem>}
          {groups.map((group) => (
            <Fragment key={group.id}>
              <ListSubheader sx={{ fontWeight: 700, lineHeight: '32px' }}>{group.label}</ListSubheader>
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
        </MenuList>
      </Popover>
    </>
  );
}
