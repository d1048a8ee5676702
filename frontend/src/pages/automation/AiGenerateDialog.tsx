import { useEffect, useState } from 'react';
import { Alert, Stack, TextField } from '@mui/material';
import AiIcon from '@mui/icons-material/AutoAwesome';
import { maxAiPromptLength } from '../../../../domain/ai-prompt.ts';
import { groupThousands } from '../../../../domain/format.ts';
import { Modal, ModalActions } from '../../ui/Modal.tsx';

/**
 * 'Generate Email Template with AI' / 'Generate Workflow with AI': a prompt, and 'Generate Template' /
 * 'Generate Workflow' (`actionLabel`). `generate` answers the draft to review, or a message saying
 * why there is none.
 */
export function AiGenerateDialog({
  open,
  title,
  actionLabel,
  emptyPromptText,
  example,
  warning,
  onClose,
  generate,
}: {
  open: boolean;
  title: string;
  actionLabel: string;
  emptyPromptText: string;
  /** What the empty prompt shows, an example of what to ask for (an email for a template, a sequence of touches for a workflow). */
  example: string;
  /** Shown instead of allowing generation (e.g. a workflow needs templates). */
  warning?: string;
  onClose: () => void;
  generate: (prompt: string) => Promise<string | null>;
}) {
  const [prompt, setPrompt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Said here, before it is sent: the server's refusal reached the user as 'Please try again', which could never succeed.
  const tooLong = prompt.trim().length > maxAiPromptLength;
  useEffect(() => {
    if (open) setError(null);
  }, [open]);
  const run = async () => {
    if (!prompt.trim()) {
      setError(emptyPromptText);
      return;
    }
    setBusy(true);
    setError(null);
    const problem = await generate(prompt.trim());
    setBusy(false);
    if (problem) setError(problem);
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      maxWidth="sm"
      footer={<ModalActions busy={busy} label={actionLabel} busyLabel="Generating..." onAction={() => void run()} disabled={Boolean(warning) || tooLong} icon={<AiIcon />} />}
    >
      <Stack spacing={2}>
        {warning && <Alert severity="warning">{warning}</Alert>}
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label="Prompt"
          multiline
          minRows={4}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          autoFocus
          placeholder={`Describe what you want, e.g. ${example}`}
          error={tooLong}
          helperText={tooLong ? `A prompt can be at most ${groupThousands(maxAiPromptLength)} characters; this one has ${groupThousands(prompt.trim().length)}.` : undefined}
        />
      </Stack>
    </Modal>
  );
}
