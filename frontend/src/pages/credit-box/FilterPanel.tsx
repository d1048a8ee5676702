import { Box, Button, Collapse, Divider, FormControlLabel, ListItemButton, MenuItem, Paper, Select, Slider, Stack, Switch, Typography } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ResetIcon from '@mui/icons-material/RestartAlt';
import SearchIcon from '@mui/icons-material/Search';
import { ALL, chosenOptions, defaultFilterState, filterGroups, isSlider, movedSliderValue, optionsValue, selects, sliderApplies, sliderPosition, sliders, sliderTrack, sliderValue, withSwitch, withValue, type FilterName, type FilterState } from '../../lib/credit-box.ts';
import { formatMoney } from '../../../../domain/format.ts';
import { useRememberedState } from '../../ui/useRememberedState.ts';

function formatSlider(value: number, format: 'money' | 'percent'): string {
  return format === 'money' ? formatMoney(value) : `${Number(value.toFixed(2))}%`;
}

function FilterRow({ name, state, onChange }: { name: FilterName; state: FilterState; onChange: (state: FilterState) => void }) {
  const enabled = state.enabled[name];
  if (isSlider(name)) {
    const spec = sliders[name];
    const value = state.values[name];
    return (
      <Box sx={{ py: 1 }} data-testid={`filter-${name}`}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <FormControlLabel
            control={<Switch size="small" checked={enabled} onChange={(event) => onChange(withSwitch(state, name, event.target.checked))} />}
            label={<Typography variant="body2">{spec.label}</Typography>}
          />
          <Typography variant="body2" sx={{ fontWeight: 600, color: enabled ? 'text.primary' : 'text.disabled' }}>
            {formatSlider(value, spec.format)}
          </Typography>
        </Stack>
        <Slider
          size="small"
          {...sliderTrack(spec)}
          value={sliderPosition(spec, value)}
          disabled={!enabled}
          onChange={(_, next) => onChange(withValue(state, name, movedSliderValue(spec, value, Number.parseFloat(String(next)))))}
          valueLabelDisplay="auto"
          valueLabelFormat={(next) => formatSlider(sliderValue(spec, next), spec.format)}
          getAriaValueText={(next) => formatSlider(sliderValue(spec, next), spec.format)}
          slotProps={{ input: { 'aria-label': spec.label } }}
          sx={{ mx: 1, width: 'calc(100% - 16px)' }}
        />
        {enabled && !sliderApplies(spec, value) && (
          <Typography variant="caption" color="text.secondary" component="div" data-testid="filter-not-applied">
            Not applied at this value: move it to narrow the results.
          </Typography>
        )}
      </Box>
    );
  }
  const spec = selects[name];
  const value = state.values[name];
  return (
    <Box sx={{ py: 1 }} data-testid={`filter-${name}`}>
      <FormControlLabel
        control={<Switch size="small" checked={enabled} onChange={(event) => onChange(withSwitch(state, name, event.target.checked))} />}
        label={<Typography variant="body2">{spec.label}</Typography>}
      />
      <Select<string | string[]>
        fullWidth
        size="small"
        multiple={spec.multiple}
        displayEmpty={spec.multiple}
        value={spec.multiple ? chosenOptions(value) : value}
        renderValue={spec.multiple ? (chosen) => (Array.isArray(chosen) && chosen.length > 0 ? chosen.join(', ') : ALL) : undefined}
        disabled={!enabled}
        onChange={(event) => onChange(withValue(state, name, Array.isArray(event.target.value) ? optionsValue(event.target.value) : event.target.value))}
        inputProps={{ 'aria-label': spec.label }}
        sx={{ mt: 0.5 }}
      >
        {spec.options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </Box>
  );
}

/** The Credit Box sidebar: grouped filters, each with its switch, and 'Find Matches'. */
export function FilterPanel({ state, onChange, onSearch, searching }: { state: FilterState; onChange: (state: FilterState) => void; onSearch: () => void; searching: boolean }) {
  const [open, setOpen] = useRememberedState<Record<string, boolean>>('creditBox.openGroups', () => Object.fromEntries(filterGroups.map((group) => [group.title, group.defaultOpen])));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="aside" aria-label="Credit box filters">
      {filterGroups.map((group, index) => (
        <Box key={group.title}>
          {index > 0 && <Divider sx={{ my: 1 }} />}
          <ListItemButton
            onClick={() => setOpen({ ...open, [group.title]: !open[group.title] })}
            aria-expanded={open[group.title]}
            sx={{ borderRadius: 2, px: 1, justifyContent: 'space-between' }}
          >
            <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
              {group.title}
            </Typography>
            {open[group.title] ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
          </ListItemButton>
          <Collapse in={open[group.title]} unmountOnExit>
            <Box sx={{ px: 1 }}>
              {group.filters.map((name) => (
                <FilterRow key={name} name={name} state={state} onChange={onChange} />
              ))}
            </Box>
          </Collapse>
        </Box>
      ))}
      {/* Waits while a search runs without being disabled: that would drop the keyboard's focus to the page's start. */}
      <Button variant="contained" fullWidth startIcon={<SearchIcon />} onClick={searching ? undefined : onSearch} aria-disabled={searching || undefined} sx={{ mt: 2 }} size="large">
        Find Matches
      </Button>
      <Button fullWidth startIcon={<ResetIcon />} onClick={() => onChange(defaultFilterState())} sx={{ mt: 1 }}>
        Reset Filters
      </Button>
    </Paper>
  );
}
