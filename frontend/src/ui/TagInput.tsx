import { useState, type KeyboardEvent } from 'react';
import { Box, Chip, InputBase } from '@mui/material';
import { addTag, removeLastTag, removeTag } from '../lib/tags.ts';
import { inputBorderColor } from '../theme.ts';

/** Tags as chips with a free-text input: Enter, comma or leaving the box adds, duplicates are ignored, Backspace on empty removes the last. */
export function TagInput({
  value,
  onChange,
  placeholder = 'Add a tag...',
  disabled = false,
  label = 'Tags',
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  label?: string;
}) {
  const [text, setText] = useState('');
  // A tag typed and left without Enter (the next field clicked, or the form's save button) is added
  // too: the text stood in the box as if it were taken, and saving dropped it without a word.
  const commitTyped = () => {
    if (text.trim()) onChange(addTag(value, text));
    setText('');
  };
  // A comma ends a tag, typed or pasted: "vip, board" pasted is two tags, not the one tag "vip board".
  const onTyped = (typed: string) => {
    const parts = typed.split(',');
    const rest = parts.pop() ?? '';
    if (parts.length > 0) onChange(parts.reduce<string[]>((tags, part) => addTag(tags, part), value));
    setText(rest);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      if (text.trim()) onChange(addTag(value, text));
      setText('');
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(removeLastTag(value));
    }
  };
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 0.75,
        alignItems: 'center',
        border: 1,
        // Drawn as the other text boxes are, not in the faint divider colour (1.3:1), where it could not be found.
        borderColor: inputBorderColor,
        borderRadius: 2,
        px: 1,
        py: 0.75,
        '&:focus-within': { borderColor: 'primary.main' },
      }}
    >
      {value.map((tag) => (
        <Chip key={tag} label={tag} size="small" onDelete={disabled ? undefined : () => onChange(removeTag(value, tag))} />
      ))}
      <InputBase
        value={text}
        onChange={(event) => onTyped(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={commitTyped}
        placeholder={value.length === 0 ? placeholder : ''}
        disabled={disabled}
        inputProps={{ 'aria-label': label }}
        // In rem, as the app's texts: in pixels, its words stayed small at twice the text size.
        sx={{ flex: 1, minWidth: 120, fontSize: '0.875rem' }}
      />
    </Box>
  );
}
