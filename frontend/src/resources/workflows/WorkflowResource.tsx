import { Chip, Stack, Typography } from '@mui/material';
import {
  ArrayInput,
  Create,
  DatagridConfigurable,
  DateField,
  FormDataConsumer,
  FunctionField,
  List,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  SimpleFormIterator,
  Tab,
  TextField,
  TextInput,
  useGetList,
  useRecordContext,
} from 'react-admin';
import { ConflictAwareEdit } from '../shared/ConflictAwareEdit.tsx';
import { EnrolmentTable } from '../enrolments/EnrolmentTable.tsx';
import { bulkDeleteAsking, ToolbarDeleteAsking } from '../shared/DeletionQuestion.tsx';
import { WorkflowDeletionQuestion } from './WorkflowDeletionQuestion.tsx';
import { csvExporter } from '../shared/csvExporter.ts';
import type { EmailTemplate } from '../templates/template.ts';
import { firstSteps, stepTypes, type WorkflowStep } from './steps.ts';
import type { Workflow } from './WorkflowCard.tsx';
import { RecordShow, RecordTitle } from '../shared/RecordShow.tsx';
import { searchFilter } from '../shared/filters.tsx';
import { RowEditButton } from '../shared/RowEditButton.tsx';
import { ListBody } from '../shared/ListBody.tsx';
import { countOf } from '../../../../domain/format.ts';
import { RecordListActions } from '../shared/RecordListActions.tsx';
import { bulkActions } from '../shared/bulkActions.tsx';

const exportWorkflows = csvExporter<Workflow>('workflows', [
  { header: 'Name', value: (workflow) => workflow.name },
  { header: 'Steps', value: (workflow) => workflow.steps.length },
  { header: 'Days', value: (workflow) => workflow.steps.map((step) => `Day ${step.day}: ${step.type}`).join('; ') },
  { header: 'Created', value: (workflow) => workflow.createdAt },
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
          <Typography variant="body2">{step.type === 'Email' ? `Email: ${(step.templateId && names.get(step.templateId)) || 'Unknown Template'}` : 'LinkedIn Visit'}</Typography>
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
          <TextField source="name" />
          <FunctionField label="Steps" render={() => <Steps dense />} />
          <DateField source="createdAt" label="Created" />
          <RowEditButton />
        </DatagridConfigurable>
      </ListBody>
    </List>
  );
}

/** The workflow rules the server also applies: a name, and every Email step naming one of the user's templates. */
const validate = (values: Record<string, unknown>) => {
  const errors: Record<string, unknown> = {};
  if (!String(values.name ?? '').trim()) errors.name = 'Workflow name is required.';
  const steps = (values.steps as WorkflowStep[] | undefined) ?? [];
  const stepErrors = steps.map((step) => {
    const problems: Record<string, string> = {};
    if (!Number.isInteger(step?.day) || step.day < 1) problems.day = 'Day must be a whole number of 1 or more.';
    if (step?.type === 'Email' && !step.templateId) problems.templateId = 'Choose the template this email sends.';
    return problems;
  });
  if (stepErrors.some((problems) => Object.keys(problems).length > 0)) errors.steps = stepErrors;
  return errors;
};

/** An Email step picks a template; a LinkedIn Visit has none (the server drops it). The selects' margins are those of the Day field beside them, so the three line up. */
function StepFields() {
  return (
    <SimpleFormIterator inline disableReordering>
      <NumberInput source="day" label="Day" min={1} step={1} sx={{ width: 100, flexShrink: 0 }} />
      <SelectInput source="type" label="Type" choices={stepTypes.map((type) => ({ id: type, name: type }))} margin="none" sx={{ minWidth: 160 }} />
      <FormDataConsumer>
        {({ scopedFormData }) =>
          scopedFormData?.type === 'Email' ? (
            <ReferenceInput source="templateId" reference="templates" perPage={500}>
              <SelectInput optionText="name" label="Template" margin="none" sx={{ minWidth: 240 }} />
            </ReferenceInput>
          ) : null
        }
      </FormDataConsumer>
    </SimpleFormIterator>
  );
}

/** A LinkedIn Visit carries no template. */
const withoutStrayTemplates = (data: Record<string, unknown>) => ({
  ...data,
  steps: ((data.steps as WorkflowStep[] | undefined) ?? []).map((step) => (step.type === 'Email' ? step : { day: step.day, type: step.type })),
});

export function WorkflowEdit() {
  return (
    <ConflictAwareEdit redirect="show" title={<RecordTitle prefix="Edit " source="name" fallback="Workflow" />} transform={withoutStrayTemplates}>
      <SimpleForm validate={validate} toolbar={<ToolbarDeleteAsking Question={WorkflowDeletionQuestion} />}>
        <TextInput source="name" label="Workflow Name" isRequired fullWidth />
        <ArrayInput source="steps" label="Steps">
          <StepFields />
        </ArrayInput>
      </SimpleForm>
    </ConflictAwareEdit>
  );
}

export function WorkflowCreate() {
  const templates = useGetList<EmailTemplate>('templates', { pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' } });
  return (
    <Create redirect="show" title="Create New Workflow" transform={withoutStrayTemplates}>
      <SimpleForm validate={validate} defaultValues={{ name: '', steps: firstSteps(templates.data?.[0]?.id) }} key={templates.data?.[0]?.id ?? 'none'}>
        <TextInput source="name" label="Workflow Name" isRequired fullWidth />
        <ArrayInput source="steps" label="Steps">
          <StepFields />
        </ArrayInput>
      </SimpleForm>
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
      tabs={
        <Tab label="Enrolments" path="enrolments">
          <WorkflowEnrolments />
        </Tab>
      }
    >
      <TextField source="name" />
      <FunctionField label="Steps" render={() => <Steps />} />
      <DateField source="createdAt" label="Created" showTime />
      <DateField source="updatedAt" label="Last changed" showTime />
    </RecordShow>
  );
}
