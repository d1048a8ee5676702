import { useEffect, useState } from 'react';
import { Alert, Stack, TextField, Typography } from '@mui/material';
import { useCreate, useUpdate } from 'react-admin';
import { fieldErrorsOf, messageOf } from '../shared/problem.ts';
import { ConflictNotice } from '../shared/ConflictNotice.tsx';
import { useSaveConflict } from '../shared/useSaveConflict.ts';
import { useWorkflowHistory } from './history.ts';
import { Modal, ModalActions } from '../../ui/Modal.tsx';
import { useToast } from '../../ui/Toast.tsx';
import type { EmailTemplate } from '../templates/template.ts';
import { firstSteps, stepsForSave, workflowProblems, type WorkflowStep } from './steps.ts';
import { RunningEnrolmentsNote } from './RunningEnrolmentsNote.tsx';
import { WorkflowStepsEditor } from './WorkflowStepsEditor.tsx';
import type { Workflow } from './WorkflowCard.tsx';

/** The id of an unsaved workflow drafted by the AI: reviewing and saving it creates a new workflow. */
export const AI_WORKFLOW_DRAFT_ID = 'new-ai-workflow';

type WorkflowData = { name: string; steps: WorkflowStep[] };

/** What the form saves of a name and steps. */
const workflowData = (name: string, steps: WorkflowStep[]): WorkflowData => ({ name: name.trim(), steps: stepsForSave(steps) });

/** What the form saves of a workflow nobody changed. */
const savedOf = (workflow: Workflow) => workflowData(workflow.name, workflow.steps);

/** 'Create New Workflow' / 'Edit Workflow': a name and the steps (`WorkflowStepsEditor`). */
export function WorkflowFormModal({
  open,
  workflow,
  templates,
  onClose,
}: {
  open: boolean;
  workflow?: Workflow | null;
  /** The user's templates, in the order the chooser lists them; the first is the default for new email steps. */
  templates: readonly EmailTemplate[];
  onClose: () => void;
}) {
  const toast = useToast();
  const aiDraft = workflow?.id === AI_WORKFLOW_DRAFT_ID;
  const editing = Boolean(workflow) && !aiDraft;
  const [create] = useCreate<Workflow>();
  const [update] = useUpdate<Workflow>();
  const [name, setName] = useState('');
  const [steps, setSteps] = useState<WorkflowStep[]>([]);
  const [touched, setTouched] = useState(false);
  const [serverName, setServerName] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  // Whether the user changed the name or the steps since the form opened (or was reloaded): closing then asks first.
  const [edited, setEdited] = useState(false);
  // The workflow as the form last read it: the version a save is checked against (a reload or an overwrite reads it again).
  const { opened, conflict, openOn, caught, adopt, overwrite, toSave } = useSaveConflict<Workflow, WorkflowData>('workflows', savedOf);
  const firstTemplateId = templates[0]?.id;

  const showWorkflow = (shown: Workflow | null | undefined) => {
    setName(shown?.name ?? '');
    setSteps(shown ? shown.steps.map((step) => ({ ...step })) : firstSteps(firstTemplateId));
    setEdited(false);
  };

  useEffect(() => {
    if (!open) return;
    showWorkflow(workflow);
    openOn(workflow ?? null);
    setTouched(false);
    setServerName(undefined);
    setFormError(undefined);
    // Only when the modal opens: a template list refetched meanwhile must not reset the user's steps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, workflow]);

  const problems = workflowProblems(name, steps);
  const hasProblems = Boolean(problems.name) || problems.steps.some(Boolean);

  const save = async (previous = opened) => {
    setTouched(true);
    if (hasProblems) return;
    setSaving(true);
    setFormError(undefined);
    const data = toSave(previous, workflowData(name, steps));
    try {
      if (previous && editing) await update('workflows', { id: previous.id, data, previousData: previous }, { mutationMode: 'pessimistic', returnPromise: true });
      else await create('workflows', { data }, { returnPromise: true });
      toast.success(editing ? 'Workflow saved.' : 'Workflow created.');
      onClose();
    } catch (refusal) {
      const error = previous && editing ? await caught(refusal, previous) : refusal;
      if (error === null) return;
      // Step problems name their step in the message, so they are shown above the form.
      const fields = fieldErrorsOf(error);
      setServerName(fields.name);
      setFormError(fields.name ? undefined : messageOf(error, 'Failed to save the workflow.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={aiDraft ? 'Review AI Generated Workflow' : editing ? 'Edit Workflow' : 'Create New Workflow'}
      maxWidth="sm"
      unsavedChanges={edited}
      footer={<ModalActions busy={saving} label={editing ? 'Save Workflow' : 'Create Workflow'} onAction={() => void save()} disabled={conflict !== null} />}
    >
      <Stack spacing={2}>
        {conflict && (
          <ConflictNotice
            changes={conflict.changes}
            useReading={useWorkflowHistory}
            busy={saving}
            onReload={() => showWorkflow(adopt())}
            onOverwrite={() => void save(overwrite())}
          />
        )}
        {formError && <Alert severity="error">{formError}</Alert>}
        {templates.length === 0 && <Alert severity="info">Email steps need a template: create one under Email Templates first, or add LinkedIn visits only.</Alert>}
        <TextField
          label="Workflow Name"
          required
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setEdited(true);
            setServerName(undefined);
          }}
          error={Boolean(serverName ?? (touched && problems.name))}
          helperText={serverName ?? (touched ? problems.name : undefined)}
          autoFocus
        />
        <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
          Steps
        </Typography>
        {editing && workflow && <RunningEnrolmentsNote workflowId={String(workflow.id)} />}
        <WorkflowStepsEditor
          steps={steps}
          onChange={(changed) => {
            setSteps(changed);
            setEdited(true);
          }}
          templates={templates}
          problems={touched ? problems.steps : undefined}
        />
      </Stack>
    </Modal>
  );
}
