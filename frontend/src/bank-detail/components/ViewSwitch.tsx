import { ToggleButton, ToggleButtonGroup } from '@mui/material';

/** Map / Chart / List style switch of a panel. */
export function ViewSwitch<V extends string>({ value, options, onChange, label }: { value: V; options: Array<{ value: V; label: string }>; onChange: (value: V) => void; label: string }) {
  return (
    <ToggleButtonGroup size="small" exclusive value={value} aria-label={label} onChange={(_, next: V | null) => next && onChange(next)}>
      {options.map((option) => (
        <ToggleButton key={option.value} value={option.value} aria-label={option.label}>
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
