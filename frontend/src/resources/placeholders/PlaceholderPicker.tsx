import { Fragment, useState } from 'react';
import { Box, Button, ListSubheader, Menu, MenuItem, Typography } from '@mui/material';
import DataObjectIcon from '@mui/icons-material/DataObject';
import { insertionFor, placeholderCatalogue } from '../../../../domain/placeholders/index.ts';

/**
 * 'Insert Placeholder': the catalogue by group (contact and user, institution, AI analysis, ratios...),
 * each entry with its label, its `{{name}}` and an example; choosing one hands its text to `onInsert`.
 */
export function PlaceholderPicker({ onInsert }: { onInsert: (text: string) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<DataObjectIcon />}
        // Keeps the caret where it is in the field: the button takes no focus on press.
        onMouseDown={(event) => event.preventDefault()}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
      >
        Insert Placeholder
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxHeight: 420, width: 380 } } }} disableRestoreFocus>
        {placeholderCatalogue.map((group) => (
          <Fragment key={group.id}>
            <ListSubheader sx={{ fontWeight: 700, lineHeight: '32px' }}>{group.label}</ListSubheader>
            {group.placeholders.map((placeholder) => (
              <MenuItem
                key={placeholder.name}
                onClick={() => {
                  setAnchor(null);
                  onInsert(insertionFor(placeholder));
                }}
                title={placeholder.description}
                aria-label={`${placeholder.label} {{${placeholder.name}}}`}
              >
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
