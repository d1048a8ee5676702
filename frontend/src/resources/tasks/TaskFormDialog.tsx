import { useEffect, useState, type FormEvent } from 'react';
import { Box, MenuItem, Stack, TextField } from '@mui/material';
import { useGetList } from 'react-admin';
import { Modal, ModalActions } from '../../ui/Modal.tsx';
import { fieldErrorsOf } from '../shared/problem.ts';
import type { TrackedBank } from '../targets/types.ts';
import { localDate } from '../../../../domain/format.ts';
import { addDays, DEFAULT_DUE_IN_DAYS } from './due.ts';
import { useTaskActions } from './useTaskActions.ts';

type TaskDraft = { text: string; bankId: number | null; dueDate: string };
type TaskErrors = Partial<Record<keyof TaskDraft, string>>;

/** Description, bank and due date are all required. */
export function validateTaskDraft(draft: TaskDraft): TaskErrors {
  const errors: TaskErrors = {};
  if (!draft.text.trim()) errors.text = 'Task description is required.';
  if (!draft.bankId) errors.bankId = 'Choose a bank.';
  if (!draft.dueDate) errors.dueDate = 'Due date is required.';
  return errors;
}

/**
 * Add Task: description, bank and due date. Each opening starts afresh, due 7 days ahead, with the
 * given bank (then locked) or else the first tracked bank.
 */
export function TaskFormDialog({ open, onClose, bank }: { open: boolean; onClose: () => void; bank?: { cert: number; name: string } | null }) {
  const actions = useTaskActions();
  const banks = useGetList<TrackedBank>(
    'banks',
    { filter: { isTarget: true }, pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open && !bank },
  );
  const fresh = (): TaskDraft => ({ text: '', bankId: bank?.cert ?? null, dueDate: addDays(localDate(), DEFAULT_DUE_IN_DAYS) });
  const [draft, setDraft] = useState<TaskDraft>(fresh);
  const [errors, setErrors] = useState<TaskErrors>({});
  const [saving, setSaving] = useState(false);
  // Whether the user changed a field since the dialog opened: closing then asks first.
  const [edited, setEdited] = useState(false);

  useEffect(() => {
    if (open) {
      setDraft({ text: '', bankId: bank?.cert ?? null, dueDate: addDays(localDate(), DEFAULT_DUE_IN_DAYS) });
      setErrors({});
      setEdited(false);
    }
  }, [open, bank?.cert]);

  useEffect(() => {
    if (!bank && draft.bankId === null && banks.data?.length) setDraft((current) => ({ ...current, bankId: banks.data![0].cert }));
  }, [bank, draft.bankId, banks.data]);

  const set = <Field extends keyof TaskDraft>(field: Field, value: TaskDraft[Field]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setEdited(true);
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateTaskDraft(draft);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      await actions.create({ bankId: draft.bankId!, text: draft.text.trim(), dueDate: draft.dueDate });
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error) as TaskErrors);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      maxWidth="sm"
      title="Add Task"
      unsavedChanges={edited}
      footer={<ModalActions busy={saving} label="Add Task" form="task-form" />}
    >
      <Box component="form" id="task-form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          <TextField label="Description" required autoFocus multiline minRows={2} value={draft.text} onChange={(event) => set('text', event.target.value)} error={Boolean(errors.text)} helperText={errors.text} />
          {bank ? (
            <TextField label="Bank" value={bank.name} disabled helperText="This task is for this bank." />
          ) : (
            <TextField select label="Bank" required value={draft.bankId ?? ''} onChange={(event) => set('bankId', Number(event.target.value) || null)} error={Boolean(errors.bankId)} helperText={errors.bankId}>
              {(banks.data ?? []).map((option) => (
                <MenuItem key={option.cert} value={option.cert}>
                  {option.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            label="Due Date"
            type="date"
            required
            value={draft.dueDate}
            onChange={(event) => set('dueDate', event.target.value)}
            error={Boolean(errors.dueDate)}
            helperText={errors.dueDate}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </Box>
    </Modal>
  );
}
