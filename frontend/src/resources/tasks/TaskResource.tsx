import {
  AutocompleteInput,
  BooleanInput,
  Create,
  DatagridConfigurable,
  DateInput,
  FunctionField,
  List,
  NullableBooleanInput,
  ReferenceInput,
  TextField,
  TextInput,
  useGetList,
  useRecordContext,
} from 'react-admin';
import { Typography } from '@mui/material';
import type { TrackedBank } from '../targets/types.ts';
import { ConflictAwareEdit } from '../shared/ConflictAwareEdit.tsx';
import { csvExporter } from '../shared/csvExporter.ts';
import { DueBadge } from './DueBadge.tsx';
import { localDate } from '../../../../domain/format.ts';
import { addDays, DEFAULT_DUE_IN_DAYS } from './due.ts';
import { validateTaskDraft } from './TaskFormDialog.tsx';
import type { Task } from './types.ts';
import { RecordShow, RecordTitle, YesNoField } from '../shared/RecordShow.tsx';
import { useTaskHistory } from './history.ts';
import { bankFilter, onlyFilter, searchFilter } from '../shared/filters.tsx';
import { RowEditButton } from '../shared/RowEditButton.tsx';
import { ListBody } from '../shared/ListBody.tsx';
import { RecordListActions } from '../shared/RecordListActions.tsx';
import { bulkActions, BulkDeleteThenReload } from '../shared/bulkActions.tsx';
import { TaskCompletionCheckbox } from './TaskCompletionCheckbox.tsx';
import { PhoneTaskList } from './PhoneTaskList.tsx';
import { CompleteSelectedButton } from './CompleteSelectedButton.tsx';
import { MomentField } from '../shared/MomentField.tsx';
import { RecordForm } from '../shared/RecordForm.tsx';
import { ToolbarDeleteAsking } from '../shared/DeletionQuestion.tsx';
import { LinkedText } from '../../ui/LinkedText.tsx';
import { clampLines } from '../../ui/clampLines.ts';

const taskFilters = [
  searchFilter('Search tasks'),
  bankFilter(),
  <NullableBooleanInput key="completed" source="completed" label="Completed" />,
  onlyFilter('overdue', 'Overdue only'),
  <DateInput key="dueAfter" source="dueAfter" label="Due from" />,
  <DateInput key="dueBefore" source="dueBefore" label="Due until" />,
];

const exportTasks = csvExporter<Task>('tasks', [
  { header: 'Task', value: (task) => task.text },
  { header: 'Bank', value: (task) => task.bankName },
  { header: 'Cert', value: (task) => task.bankId },
  { header: 'Due', value: (task) => task.dueDate },
  { header: 'Completed', value: (task) => (task.completed ? 'yes' : 'no') },
  { header: 'Completed at', value: (task) => task.completedAt, moments: true },
  { header: 'Added', value: (task) => task.createdAt, moments: true },
]);

function Due() {
  const task = useRecordContext<Task>();
  return task ? <DueBadge dueDate={task.dueDate} completed={task.completed} /> : null;
}

/** A task's text in a row: three lines at most, the whole of it on hover and on the task's page. */
function TaskTextCell({ text }: { text: string }) {
  return (
    <Typography variant="body2" title={text} sx={clampLines(3)}>
      {text}
    </Typography>
  );
}

/** The row's task ticked off or reopened in place. */
function CompletionCell() {
  const task = useRecordContext<Task>();
  return task ? <TaskCompletionCheckbox task={task} /> : null;
}

const taskBulkActions = (
  <>
    <CompleteSelectedButton />
    <BulkDeleteThenReload />
  </>
);

export function TaskList() {
  return (
    <List filters={taskFilters} sort={{ field: 'dueDate', order: 'ASC' }} perPage={25} exporter={exportTasks} actions={<RecordListActions />} title="Tasks">
      <ListBody phone={<PhoneTaskList />}>
        <DatagridConfigurable rowClick="show" {...bulkActions(taskBulkActions)}>
          <FunctionField<Task> source="text" label="Task" render={(task) => <TaskTextCell text={task.text} />} />
          <TextField source="bankName" label="Bank" />
          <FunctionField label="Due" sortBy="dueDate" render={() => <Due />} />
          <FunctionField source="completed" label="Completed" render={() => <CompletionCell />} />
          <MomentField source="createdAt" label="Added" />
          <RowEditButton />
        </DatagridConfigurable>
      </ListBody>
    </List>
  );
}

const validate = (values: Record<string, unknown>) =>
  validateTaskDraft({ text: String(values.text ?? ''), bankId: (values.bankId as number | null) ?? null, dueDate: String(values.dueDate ?? '') });

function TaskFields() {
  return (
    <>
      <TextInput source="text" label="Description" isRequired multiline minRows={2} fullWidth />
      <ReferenceInput source="bankId" reference="banks" filter={{ isTarget: true }}>
        <AutocompleteInput optionText="name" label="Bank" isRequired filterToQuery={(q: string) => ({ q })} fullWidth />
      </ReferenceInput>
      <DateInput source="dueDate" label="Due Date" isRequired />
    </>
  );
}

export function TaskEdit() {
  return (
    <ConflictAwareEdit redirect="show" title={<RecordTitle prefix="Edit task: " source="text" fallback="Task" />} useHistoryReading={useTaskHistory}>
      <RecordForm validate={validate} toolbar={<ToolbarDeleteAsking />}>
        <TaskFields />
        <BooleanInput source="completed" />
      </RecordForm>
    </ConflictAwareEdit>
  );
}

/** A new task is due 7 days ahead, at the first tracked bank by name (as the Add Task modal without a bank). */
export function TaskCreate() {
  const firstBank = useGetList<TrackedBank>('banks', { filter: { isTarget: true }, pagination: { page: 1, perPage: 1 }, sort: { field: 'name', order: 'ASC' } });
  const bankId = firstBank.data?.[0]?.cert ?? null;
  return (
    <Create redirect="show" title="Add Task">
      <RecordForm validate={validate} defaultValues={() => ({ bankId, dueDate: addDays(localDate(), DEFAULT_DUE_IN_DAYS) })} key={bankId ?? 'none'}>
        <TaskFields />
      </RecordForm>
    </Create>
  );
}

export function TaskShow() {
  return (
    <RecordShow title={<RecordTitle prefix="Task: " source="text" fallback="Task" />} useHistoryReading={useTaskHistory}>
      <FunctionField<Task> label="Task" render={(task) => <LinkedText text={task.text} />} />
      <TextField source="bankName" label="Bank" />
      <FunctionField label="Due" render={() => <Due />} />
      <YesNoField source="completed" />
      <MomentField source="completedAt" label="Completed at" showTime emptyText="—" />
      <MomentField source="createdAt" label="Added" showTime />
    </RecordShow>
  );
}
