import { Box, FormHelperText, Typography } from '@mui/material';
import { useInput } from 'react-admin';
import { TagInput } from '../../ui/TagInput.tsx';

/** Tags in a react-admin form, with the app's tag input (Enter or comma adds, no duplicates). */
export function TagsInput({ source, label = 'Tags' }: { source: string; label?: string }) {
  const { field, fieldState } = useInput({ source, defaultValue: [] });
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <TagInput value={(field.value as string[]) ?? []} onChange={(tags) => field.onChange(tags)} label={label} />
      {fieldState.error?.message && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
}
