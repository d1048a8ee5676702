import { useRef, type ReactNode, type SyntheticEvent } from 'react';
import { Box, Stack } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { PlaceholderPicker } from '../placeholders/PlaceholderPicker.tsx';
import { TemplatePreview } from '../placeholders/TemplatePreview.tsx';
import { templateCheck, UnknownPlaceholders } from '../placeholders/TemplateChecks.tsx';
import { insertAtSelection } from './template.ts';

type TemplateField = 'subject' | 'body';
type Caret = { field: TemplateField; start: number; end: number };

const isTemplateField = (name: string): name is TemplateField => name === 'subject' || name === 'body';

/**
 * The template editor's help around a react-admin form's subject and body (`children`): Insert
 * Placeholder at the caret of the field last typed in (the body until one is), the names the
 * placeholder engine does not know, and a preview on one of the user's banks and contacts, as the
 * Automation screen's template editor has them.
 */
export function TemplateTextTools({ children }: { children: ReactNode }) {
  const { setValue, getValues } = useFormContext();
  const [subject = '', body = ''] = useWatch({ name: ['subject', 'body'] }) as [string | undefined, string | undefined];
  const caret = useRef<Caret | null>(null);
  const unknown = [...new Set([...templateCheck(subject).unknown, ...templateCheck(body).unknown])];

  // The caret is read as it moves (focus, select, typing), from the fields' own events as they bubble here.
  const remember = (event: SyntheticEvent) => {
    const element = event.target as HTMLInputElement | HTMLTextAreaElement;
    if (!isTemplateField(element.name)) return;
    caret.current = { field: element.name, start: element.selectionStart ?? element.value.length, end: element.selectionEnd ?? element.value.length };
  };

  const insert = (text: string) => {
    const field = caret.current?.field ?? 'body';
    const { text: next, caret: after } = insertAtSelection(String(getValues(field) ?? ''), text, caret.current ?? undefined);
    setValue(field, next, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    caret.current = { field, start: after, end: after };
    // Back to the field with the caret after what was inserted, once the form has put the new value in.
    requestAnimationFrame(() => {
      const element = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`form [name="${field}"]`);
      element?.focus();
      element?.setSelectionRange(after, after);
    });
  };

  return (
    <Box onFocusCapture={remember} onSelectCapture={remember} onKeyUpCapture={remember} sx={{ width: '100%' }}>
      {children}
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <PlaceholderPicker onInsert={insert} />
        <UnknownPlaceholders names={unknown} />
      </Stack>
      <Box sx={{ mb: 2 }}>
        <TemplatePreview subject={subject} body={body} />
      </Box>
    </Box>
  );
}
