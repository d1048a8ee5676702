import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import { BankContactPicker, type PreviewSubject } from './BankContactPicker.tsx';
import { RenderedPreview } from './RenderedPreview.tsx';
import { useRenderedEmail } from './useRenderedEmail.ts';

/** A template's subject and body filled in for one of the user's target banks and, if chosen, one of its contacts. */
export function TemplatePreview({ subject, body }: { subject: string; body: string }) {
  const [previewOn, setPreviewOn] = useState<PreviewSubject>({ cert: null, contactId: null });
  const preview = useRenderedEmail({ subject, body, cert: previewOn.cert, contactId: previewOn.contactId });
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
      <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
        Preview
      </Typography>
      <BankContactPicker value={previewOn} onChange={setPreviewOn} />
      <Box sx={{ mt: 1.5 }}>
        <RenderedPreview result={preview} emptyText="Choose one of your target banks (and a contact) to see this template filled in." />
      </Box>
    </Box>
  );
}
