import { Chip, CircularProgress, Stack, Typography } from '@mui/material';
import {
  Create,
  DatagridConfigurable,
  FunctionField,
  List,
  SimpleList,
  Tab,
  TextField,
  TextInput,
  useGetList,
  useInput,
  useRecordContext,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import { ConflictAwareEdit } from '../shared/ConflictAwareEdit.tsx';
import { EnrolmentTable } from '../enrolments/EnrolmentTable.tsx';
import { bulkDeleteAsking, ToolbarDeleteAsking } from '../shared/DeletionQuestion.tsx';
import { WorkflowDeletionQuestion } from './WorkflowDeletionQuestion.tsx';
import { csvExporter } from '../shared/csvExporter.ts';
import type { EmailTemplate } from '../templates/template.ts';
import { firstSteps, stepAction, stepsForSave, workflowProblems, type WorkflowStep } from './steps.ts';
import { WorkflowStepsEditor } from './WorkflowStepsEditor.tsx';
import { RunningEnrolmentsNote } from './RunningEnrolmentsNote.tsx';
import type { Workflow } from './WorkflowCard.tsx';
import { RecordShow, RecordTitle } from '../shared/RecordShow.tsx';
import { useWorkflowHistory } from './history.ts';
import { searchFilter } from '../shared/filters.tsx';
import { RowEditButton } from '../shared/RowEditButton.tsx';
import { ListBody } from '../shared/ListBody.tsx';
import { countOf } from '../../../../domain/format.ts';
import { RecordListActions } from '../shared/RecordListActions.tsx';
import { bulkActions } from '../shared/bulkActions.tsx';
import { MomentField } from '../shared/MomentField.tsx';
import { RecordForm } from '../shared/RecordForm.tsx';

const exportWorkflows = csvExporter<Workflow>('workflows', [
  { header: 'Name', value: (workflow) => workflow.name },
  { header: 'Steps', value: (workflow) => workflow.steps.length },
  { header: 'Days', value: (workflow) => workflow.steps.map((step) => `Day ${step.day}: ${step.type}`).join('; ') },
  { header: 'Created', value: (workflow) => workflow.createdAt, moments: true },
]);

/** Each step as 'Day N · Email: template' or 'Day N · LinkedIn Visit'. */
function Steps({ dense }: { dense?: boolean }) {
  const workflow = useRecordContext<Workflow>();
  const templates = useGetList<EmailTemplate>('templates', { pagination: { page: 1, perPage: 500 } });
  const names = new Map((templates.data ?? []).map((template) => [template.id, template.name]));
  if (!workflow) return null;
  if (workflow.steps.length === 0) return <Typography variant="body2" color="text.secondary">No steps</Typography>;
  return (
    <Stack spacing={dense ? 0.25 : 0.75}>
      {workflow.steps.map((step, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip size="small" label={`Day ${step.day}`} />
          <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {stepAction(step, names)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

export function WorkflowList() {
  return (
    <List filters={[searchFilter('Search workflows')]} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={exportWorkflows} actions={<RecordListActions />} title="Workflows">
      <ListBody phone={<SimpleList<Workflow> primaryText={(workflow) => workflow.name} secondaryText={(workflow) => countOf(workflow.steps.length, 'step')} linkType="show" />}>
        <DatagridConfigurable rowClick="show" {...bulkActions(bulkDeleteAsking(WorkflowDeletionQuestion))}>
          <TextField source="name" sx={{ overflowWrap: 'anywhere' }} />
          <FunctionField label="Steps" render={() => <Steps dense />} />
          <MomentField source="createdAt" label="Created" />
          <RowEditButton />
        </DatagridConfigurable>
      </ListBody>
    </List>
  );
}

/** The workflow rules the server also applies: a name, whole days of 1 or more, and a template on every Email step. */
const validate = (values: Record<string, unknown>) => {
  const problems = workflowProblems(String(values.name ?? ''), (values.steps as WorkflowStep[] | undefined) ?? []);
  const errors: Record<string, string> = {};
  if (problems.name) errors.name = problems.name;
  // Each step's problem is shown under that step by the steps input.
  if (problems.steps.some(Boolean)) errors.steps = 'Some steps need a change before the workflow can be saved.';
  return errors;
};

/** The user's templates as the step editor lists them, newest first (the first is a new email step's template), as on the Automation page. */
const templatesForSteps = { pagination: { page: 1, perPage: 500 }, sort: { field: 'createdAt', order: 'DESC' } } as const;

/** The steps, edited with the Automation page's step editor: new steps and type switches follow the same rules. */
function StepsInput() {
  const { field } = useInput<WorkflowStep[]>({ source: 'steps', defaultValue: [] });
  const workflowId = useRecordContext<Workflow>()?.id;
  const { submitCount } = useFormState();
  const templates = useGetList<EmailTemplate>('templates', templatesForSteps);
  const steps = field.value ?? [];
  return (
    <Stack spacing={1} sx={{ width: '100%', maxWidth: 720, mb: 2 }}>
      <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
        Steps
      </Typography>
      {workflowId !== undefined && <RunningEnrolmentsNote workflowId={String(workflowId)} />}
      {/* Until the templates are in, '+ Add Step' would add an email with none and a step's own template would read 'Unknown Template'. */}
      {templates.isPending ? (
        <CircularProgress size={24} aria-label="Loading templates" />
      ) : (
        <WorkflowStepsEditor steps={steps} onChange={field.onChange} templates={templates.data ?? []} problems={submitCount > 0 ? workflowProblems('-', steps).steps : undefined} />
      )}
    </Stack>
  );
}

/** A LinkedIn Visit carries no template. */
const withoutStrayTemplates = (data: Record<string, unknown>) => ({ ...data, steps: stepsForSave((data.steps as WorkflowStep[] | undefined) ?? []) });

export function WorkflowEdit() {
  return (
    <ConflictAwareEdit redirect="show" title={<RecordTitle prefix="Edit " source="name" fallback="Workflow" />} transform={withoutStrayTemplates} useHistoryReading={useWorkflowHistory}>
      <RecordForm validate={validate} toolbar={<ToolbarDeleteAsking Question={WorkflowDeletionQuestion} />}>
        <TextInput source="name" label="Workflow Name" isRequired fullWidth />
        <StepsInput />
      </RecordForm>
    </ConflictAwareEdit>
  );
}

export function WorkflowCreate() {
  const templates = useGetList<EmailTemplate>('templates', templatesForSteps);
  return (
    <Create redirect="show" title="Create New Workflow" transform={withoutStrayTemplates}>
      <RecordForm validate={validate} defaultValues={{ name: '', steps: firstSteps(templates.data?.[0]?.id) }} key={templates.data?.[0]?.id ?? 'none'}>
        <TextInput source="name" label="Workflow Name" isRequired fullWidth />
        <StepsInput />
      </RecordForm>
    </Create>
  );
}

/** The contacts the workflow was started for, with where each stands and Pause, Resume and Stop. */
function WorkflowEnrolments() {
  const workflow = useRecordContext<Workflow>();
  if (!workflow) return null;
  return <EnrolmentTable filter={{ workflowId: String(workflow.id) }} show={['contact']} emptyText="No one is enrolled yet. Tick contacts in the Contacts list, or open a bank's card in Targets, to start it." />;
}

export function WorkflowShow() {
  return (
    <RecordShow
      title={<RecordTitle source="name" fallback="Workflow" />}
      useHistoryReading={useWorkflowHistory}
      tabs={
        <Tab label="Enrolments" path="enrolments">
          <WorkflowEnrolments />
        </Tab>
      }
    >
      <TextField source="name" sx={{ overflowWrap: 'anywhere' }} />
      <FunctionField label="Steps" render={() => <Steps />} />
      <MomentField source="createdAt" label="Created" showTime />
      <MomentField source="updatedAt" label="Last changed" showTime />
    </RecordShow>
  );
}
