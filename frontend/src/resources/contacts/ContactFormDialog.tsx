import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, http } from '../../providers/http.ts';
import { Modal } from '../../ui/Modal.tsx';
import { TagInput } from '../../ui/TagInput.tsx';
import { useToast } from '../../ui/Toast.tsx';

type Draft = { name: string; title: string; email: string; linkedinUrl: string; tags: string[] };
type Field = keyof Draft;

const emptyDraft: Draft = { name: '', title: '', email: '', linkedinUrl: '', tags: [] };
const ADD_FAILED = 'Failed to add contact.';

/** The server's message for each field it refused (its 400 answer lists them); the rules live on the server. */
function fieldErrorsOf(error: unknown): Partial<Record<Field, string>> {
  const issues = error instanceof ApiError ? (error.body as { issues?: Array<{ path: string; message: string }> } | undefined)?.issues : undefined;
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues ?? []) {
    const field = issue.path.split('.')[0] as Field;
    if (field in emptyDraft) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * 'Add Contact for {bank}': full name, job title, email, LinkedIn URL and tags of a new contact at the
 * given bank. The server checks the fields and its messages show under them; a failed save keeps
 * every field as typed.
 */
export function ContactFormDialog({
  open,
  onClose,
  bank,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  bank: { cert: number; name: string };
  onSaved?: (contact: { id: string; name: string }) => void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setDraft(emptyDraft);
    setErrors({});
    setFailure(null);
    onClose();
  };
  const change = (field: Field) => (value: string | string[]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      const contact = await http.post<{ id: string; name: string }>('/api/data/contacts', {
        bankId: bank.cert,
        bankName: bank.name,
        name: draft.name,
        title: draft.title,
        email: draft.email.trim() || null,
        linkedinUrl: draft.linkedinUrl.trim() || null,
        tags: draft.tags,
      });
      await queryClient.invalidateQueries({ queryKey: ['contacts'] });
      toast.success(`${contact.name} added as a contact.`);
      onSaved?.(contact);
      close();
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFailure(error instanceof Error && error.message !== 'API request failed' ? `${ADD_FAILED} ${error.message}` : ADD_FAILED);
    } finally {
      setSaving(false);
    }
  };

  const text = (field: Exclude<Field, 'tags'>, label: string, options: { required?: boolean; type?: string; placeholder?: string } = {}) => (
    <TextField
      label={label}
      value={draft[field]}
      onChange={(event) => change(field)(event.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      required={options.required}
      type={options.type}
      placeholder={options.placeholder}
      fullWidth
      slotProps={{ htmlInput: { noValidate: true } }}
    />
  );

  return (
    <Modal
      open={open}
      title={`Add Contact for ${bank.name}`}
      onClose={close}
      maxWidth="sm"
      footer={
        <>
          <Button onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="contact-form" variant="contained" disabled={saving} startIcon={saving ? <CircularProgress size={16} /> : undefined}>
            Add Contact
          </Button>
        </>
      }
    >
      <Box component="form" id="contact-form" onSubmit={submit} noValidate data-testid="contact-form">
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          {text('name', 'Full Name', { required: true })}
          {text('title', 'Job Title', { required: true })}
          {text('email', 'Email', { type: 'email', placeholder: 'name@bank.com' })}
          {text('linkedinUrl', 'LinkedIn URL', { placeholder: 'https://www.linkedin.com/in/name' })}
          <TagInput value={draft.tags} onChange={change('tags')} />
        </Stack>
      </Box>
    </Modal>
  );
}
