import { useRef, useState } from 'react';
import { Alert, Box, Stack, TextField, Typography } from '@mui/material';
import { BankContactPicker, type PreviewSubject } from '../../resources/placeholders/BankContactPicker.tsx';
import { PlaceholderPicker } from '../../resources/placeholders/PlaceholderPicker.tsx';
import { RenderedPreview } from '../../resources/placeholders/RenderedPreview.tsx';
import { templateCheck, UnknownPlaceholders } from '../../resources/placeholders/TemplateChecks.tsx';
import { useRenderedEmail } from '../../resources/placeholders/useRenderedEmail.ts';
import { insertAtSelection } from '../../resources/templates/template.ts';

const SAMPLE_TEXT = `Hi {{contactFirstName}},

{{bankName}} in {{city}}, {{state}} reported total assets of {{money totalAssets}} and a return on assets of {{percent roa}}.

Best regards,
{{senderName}}`;

/**
 * Placeholder Engine: a bank among the user's targets and one of its contacts, a template text, and the
 * text as the engine renders it on their data (the sender is the signed-in user).
 */
export function PlaceholderEngineTab() {
  const [subject, setSubject] = useState<PreviewSubject>({ cert: null, contactId: null });
  const [text, setText] = useState(SAMPLE_TEXT);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const rendered = useRenderedEmail({ subject: '', body: text, cert: subject.cert, contactId: subject.contactId });
  const check = templateCheck(text);

  const insert = (placeholder: string) => {
    const element = textRef.current;
    const selection = element ? { start: element.selectionStart, end: element.selectionEnd } : undefined;
    const { text: next, caret } = insertAtSelection(text, placeholder, selection);
    setText(next);
    requestAnimationFrame(() => {
      textRef.current?.focus();
      textRef.current?.setSelectionRange(caret, caret);
    });
  };

  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Placeholder Engine
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Try placeholders on a real bank and contact before putting them in a template. Names are matched in any case: {'{{BankName}}'} and {'{{bankname}}'} are the same.
        </Typography>
      </Box>
      <BankContactPicker value={subject} onChange={setSubject} />
      <TextField
        label="Template text"
        multiline
        minRows={8}
        value={text}
        inputRef={textRef}
        onChange={(event) => setText(event.target.value)}
        error={Boolean(check.error)}
        helperText={check.error}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <PlaceholderPicker onInsert={insert} />
        <UnknownPlaceholders names={check.unknown} />
      </Stack>
      <Box>
        <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
          Rendered output
        </Typography>
        {subject.cert === null ? (
          <Alert severity="info">Select a Bank from the dropdown above to see a live preview of placeholder replacements.</Alert>
        ) : rendered.isPending ? (
          <Typography variant="body2" color="text.secondary">
            Loading bank details...
          </Typography>
        ) : rendered.error && !check.error ? (
          <Alert severity="error">Could not load details for the selected bank.</Alert>
        ) : (
          <Stack spacing={1.5}>
            {subject.contactId === null && <Alert severity="info">Please select a contact to see a full preview.</Alert>}
            <RenderedPreview result={rendered} emptyText="Loading bank details..." />
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
