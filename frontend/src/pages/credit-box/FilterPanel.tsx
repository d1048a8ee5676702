import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Collapse, Divider, FormControlLabel, ListItemButton, MenuItem, Paper, Select, Slider, Stack, Switch, TextField, Typography } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ResetIcon from '@mui/icons-material/RestartAlt';
import SearchIcon from '@mui/icons-material/Search';
import { ALL, chosenOptions, defaultFilterState, filterGroups, isSlider, movedSliderValue, optionsValue, selects, sliderApplies, sliderPosition, sliders, sliderText, sliderTrack, sliderValue, typedSliderValue, withSwitch, withValue, type FilterName, type FilterState, type SliderSpec } from '../../lib/credit-box.ts';
import { useRememberedState } from '../../ui/useRememberedState.ts';

/**
 * A slider with its value beside it in a field, to be typed over ($250M, 1.25%): a value in range is
 * taken as it is typed, one that is not is refused with the range it must be in, the filter keeping
 * its value. The text typed stays while it stands for the filter's value (or is refused); once the
 * slider moves, or the field is left with a value taken, the field shows the value as the screen reads it.
 */
function SliderWithField({ spec, value, disabled, onValue, children }: { spec: SliderSpec; value: number; disabled: boolean; onValue: (value: number) => void; children: ReactNode }) {
  const [draft, setDraft] = useState<{ text: string; forValue: number; error: string | null } | null>(null);
  const errorId = useId();
  const shown = draft && draft.forValue === value && !disabled ? draft : null;
  const onText = (text: string) => {
    const typed = typedSliderValue(spec, text);
    if ('value' in typed) {
      setDraft({ text, forValue: typed.value, error: null });
      onValue(typed.value);
    } else setDraft({ text, forValue: value, error: typed.error });
  };
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {children}
        {/* Sized by its box: react-admin's theme stretches a text field to the full width of a phone's screen. */}
        <Box sx={{ width: '7rem', flexShrink: 0 }}>
          <TextField
            size="small"
            value={shown?.text ?? sliderText(spec, value)}
            disabled={disabled}
            error={Boolean(shown?.error)}
            onChange={(event) => onText(event.target.value)}
            onBlur={() => setDraft((current) => (current?.error ? current : null))}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !shown?.error) setDraft(null);
            }}
            slotProps={{
              htmlInput: {
                'aria-label': `${spec.label} value`,
                'aria-describedby': shown?.error ? errorId : undefined,
                inputMode: spec.format === 'money' ? 'text' : 'decimal',
                spellCheck: false,
                sx: { textAlign: 'right', fontWeight: 600, fontSize: '0.875rem', py: 0.75, px: 1 },
              },
            }}
            fullWidth
          />
        </Box>
      </Stack>
      {shown?.error && (
        <Typography id={errorId} variant="caption" color="error" component="div" role="alert">
          {shown.error}
        </Typography>
      )}
    </>
  );
}

/** Why a switched-on filter could not be applied to the last search's banks (see `notReportedNotes`). */
function FilterNote({ note }: { note: string | undefined }) {
  if (!note) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="div" data-testid="filter-cannot-be-met" sx={{ mt: 0.5 }}>
      {note}
    </Typography>
  );
}

function FilterRow({ name, state, onChange, note }: { name: FilterName; state: FilterState; onChange: (state: FilterState) => void; note: string | undefined }) {
  const enabled = state.enabled[name];
  if (isSlider(name)) {
    const spec = sliders[name];
    const value = state.values[name];
    return (
      <Box sx={{ py: 1 }} data-testid={`filter-${name}`}>
        <FormControlLabel
          control={<Switch size="small" checked={enabled} onChange={(event) => onChange(withSwitch(state, name, event.target.checked))} />}
          label={<Typography variant="body2">{spec.label}</Typography>}
        />
        <SliderWithField spec={spec} value={value} disabled={!enabled} onValue={(next) => onChange(withValue(state, name, next))}>
          <Slider
            size="small"
            {...sliderTrack(spec)}
            value={sliderPosition(spec, value)}
            disabled={!enabled}
            onChange={(_, next) => onChange(withValue(state, name, movedSliderValue(spec, value, Number.parseFloat(String(next)))))}
            valueLabelDisplay="auto"
            valueLabelFormat={(next) => sliderText(spec, sliderValue(spec, next))}
            getAriaValueText={(next) => sliderText(spec, sliderValue(spec, next))}
            slotProps={{ input: { 'aria-label': spec.label } }}
            sx={{ ml: 1, flex: 1, minWidth: 0 }}
          />
        </SliderWithField>
        {enabled && !sliderApplies(spec, value) && (
          <Typography variant="caption" color="text.secondary" component="div" data-testid="filter-not-applied">
            Not applied at this value: change it to narrow the results.
          </Typography>
        )}
        {enabled && <FilterNote note={note} />}
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
      {enabled && <FilterNote note={note} />}
    </Box>
  );
}

/** The Credit Box sidebar: grouped filters, each with its switch (and `notes` from the last search), and 'Find Matches'. */
export function FilterPanel({
  state,
  onChange,
  onSearch,
  searching,
  notes,
}: {
  state: FilterState;
  onChange: (state: FilterState) => void;
  onSearch: () => void;
  searching: boolean;
  notes: Partial<Record<FilterName, string>>;
}) {
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
                <FilterRow key={name} name={name} state={state} onChange={onChange} note={notes[name]} />
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
