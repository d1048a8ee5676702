import { useEffect, useRef, useState } from 'react';
import { Alert, Box, MenuItem, Stack, TextField } from '@mui/material';
import { useCreate, useUpdate } from 'react-admin';
import { fieldErrorsOf, messageOf } from '../shared/problem.ts';
import { ConflictNotice } from '../shared/ConflictNotice.tsx';
import { useSaveConflict } from '../shared/useSaveConflict.ts';
import { useTemplateHistory } from './history.ts';
import { Modal, ModalActions } from '../../ui/Modal.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { PlaceholderPicker } from '../placeholders/PlaceholderPicker.tsx';
import { TemplatePreview } from '../placeholders/TemplatePreview.tsx';
import { templateCheck, UnknownPlaceholders } from '../placeholders/TemplateChecks.tsx';
import { draftOf, emptyTemplateDraft, insertAtSelection, templateCategories, templateCategoryLabels, templateProblems, type EmailTemplate, type TemplateDraft } from './template.ts';

export type TemplateField = 'subject' | 'body';

const BODY_ROWS = 8;

/**
 * 'Create New Template' / 'Edit Template': name, category (introduction by default), subject and an
 * eight-row body, all but the category required.
 */
/** The id of an unsaved template drafted by the AI: reviewing and saving it creates a new template. */
export const AI_TEMPLATE_DRAFT_ID = 'new-ai-template';

export function TemplateFormModal({
  open,
  template,
  improvement,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The template being edited; none to create one. */
  template?: EmailTemplate | null;
  /** The AI's rewrite of `template`, and who wrote it: the form opens on it for review, and saving it updates the template. */
  improvement?: { draft: TemplateDraft; by: string };
  onClose: () => void;
  onSaved?: (template: EmailTemplate) => void;
}) {
  const toast = useToast();
  const aiDraft = template?.id === AI_TEMPLATE_DRAFT_ID;
  const editing = Boolean(template) && !aiDraft;
  const [create] = useCreate<EmailTemplate>();
  const [update] = useUpdate<EmailTemplate>();
  const [draft, setDraft] = useState<TemplateDraft>(emptyTemplateDraft);
  const [touched, setTouched] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  // Whether the user changed the template since the form opened (or was reloaded): closing then asks first.
  const [edited, setEdited] = useState(false);
  // The template as the form last read it: the version a save is checked against (a reload or an overwrite reads it again).
  const { opened, conflict, openOn, caught, adopt, overwrite, toSave } = useSaveConflict<EmailTemplate, TemplateDraft>('templates', draftOf);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastFocused = useRef<TemplateField>('body');
  const selections = useRef<Record<TemplateField, { start: number; end: number } | undefined>>({ subject: undefined, body: undefined });

  useEffect(() => {
    if (!open) return;
    setDraft(improvement?.draft ?? (template ? draftOf(template) : emptyTemplateDraft));
    setTouched(false);
    setServerFields({});
    setFormError(undefined);
    setEdited(false);
    openOn(template ?? null);
    selections.current = { subject: undefined, body: undefined };
    lastFocused.current = 'body';
  }, [open, template, improvement, openOn]);

  const subjectCheck = templateCheck(draft.subject);
  const bodyCheck = templateCheck(draft.body);
  const unknown = [...new Set([...subjectCheck.unknown, ...bodyCheck.unknown])];

  const problems = templateProblems(draft);
  // A syntax error shows at once under its field (with line and column); empty fields only after a save attempt.
  const fieldError = (field: 'name' | 'subject' | 'body') =>
    serverFields[field] ?? (field === 'subject' ? subjectCheck.error : field === 'body' ? bodyCheck.error : undefined) ?? (touched ? problems[field] : undefined);

  const change = (field: keyof TemplateDraft, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setEdited(true);
    setServerFields(({ [field]: _dropped, ...rest }) => rest);
  };

  /** Where the caret of subject or body is, kept as the user moves it, so an insertion lands there. */
  const remember = (field: TemplateField) => () => {
    const element = field === 'subject' ? subjectRef.current : bodyRef.current;
    if (!element) return;
    lastFocused.current = field;
    selections.current[field] = { start: element.selectionStart ?? element.value.length, end: element.selectionEnd ?? element.value.length };
  };

  const insert = (text: string) => {
    const field = lastFocused.current;
    const { text: next, caret } = insertAtSelection(draft[field], text, selections.current[field]);
    change(field, next);
    selections.current[field] = { start: caret, end: caret };
    // Back to the field with the caret after what was inserted, once React has put the new value in.
    requestAnimationFrame(() => {
      const element = field === 'subject' ? subjectRef.current : bodyRef.current;
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  };

  const save = async (previous = opened) => {
    setTouched(true);
    if (Object.keys(problems).length > 0 || subjectCheck.error || bodyCheck.error) return;
    setSaving(true);
    setFormError(undefined);
    try {
      const saved =
        previous && editing
          ? await update('templates', { id: previous.id, data: toSave(previous, draft), previousData: previous }, { mutationMode: 'pessimistic', returnPromise: true })
          : await create('templates', { data: { ...draft, isFavorite: false } }, { returnPromise: true });
      toast.success(editing ? 'Template saved.' : 'Template created.');
      onSaved?.(saved as EmailTemplate);
      onClose();
    } catch (refusal) {
      const error = previous && editing ? await caught(refusal, previous) : refusal;
      if (error === null) return;
      const fields = fieldErrorsOf(error);
      setServerFields(fields);
      setFormError(Object.keys(fields).length ? undefined : messageOf(error, 'Failed to save the template.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={aiDraft ? 'Review AI Generated Template' : improvement ? 'Review AI Improved Template' : editing ? 'Edit Template' : 'Create New Template'}
      maxWidth="md"
      unsavedChanges={edited}
      footer={<ModalActions busy={saving} label={editing ? 'Save Template' : 'Create Template'} onAction={() => void save()} disabled={conflict !== null} />}
    >
      <Stack spacing={2} component="form" onSubmit={(event) => { event.preventDefault(); void save(); }} noValidate>
        {conflict && (
          <ConflictNotice
            changes={conflict.changes}
            useReading={useTemplateHistory}
            busy={saving}
            onReload={() => {
              setDraft(draftOf(adopt()));
              setEdited(false);
            }}
            onOverwrite={() => void save(overwrite())}
          />
        )}
        {formError && <Alert severity="error">{formError}</Alert>}
        {improvement && <Alert severity="info">Rewritten by {improvement.by}: read it before saving. Cancel keeps the template as it was.</Alert>}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2 }}>
          <TextField label="Template Name" required value={draft.name} onChange={(event) => change('name', event.target.value)} error={Boolean(fieldError('name'))} helperText={fieldError('name')} autoFocus />
          <TextField select label="Category" value={draft.category} onChange={(event) => change('category', event.target.value)} error={Boolean(serverFields.category)} helperText={serverFields.category}>
            {templateCategories.map((category) => (
              <MenuItem key={category} value={category}>
                {templateCategoryLabels[category]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <TextField
          label="Subject"
          required
          value={draft.subject}
          inputRef={subjectRef}
          onChange={(event) => change('subject', event.target.value)}
          onFocus={remember('subject')}
          onSelect={remember('subject')}
          error={Boolean(fieldError('subject'))}
          helperText={fieldError('subject')}
        />
        <TextField
          label="Body"
          required
          multiline
          minRows={BODY_ROWS}
          maxRows={BODY_ROWS * 2}
          value={draft.body}
          inputRef={bodyRef}
          onChange={(event) => change('body', event.target.value)}
          onFocus={remember('body')}
          onSelect={remember('body')}
          error={Boolean(fieldError('body'))}
          helperText={fieldError('body')}
        />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <PlaceholderPicker onInsert={insert} />
          <UnknownPlaceholders names={unknown} />
        </Stack>
        <TemplatePreview subject={draft.subject} body={draft.body} />
      </Stack>
    </Modal>
  );
}
