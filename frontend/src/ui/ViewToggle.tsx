import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import ListIcon from '@mui/icons-material/ViewList';
import GridIcon from '@mui/icons-material/GridView';

export type ViewMode = 'list' | 'cards';

/** List and card view toggle. */
export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <ToggleButtonGroup size="small" exclusive value={value} onChange={(_, mode: ViewMode | null) => mode && onChange(mode)} aria-label="View">
      <ToggleButton value="list" aria-label="List view">
        <ListIcon fontSize="small" />
      </ToggleButton>
      <ToggleButton value="cards" aria-label="Card view">
        <GridIcon fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
