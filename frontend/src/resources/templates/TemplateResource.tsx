import { Chip } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import {
  BooleanInput,
  Create,
  DatagridConfigurable,
  FunctionField,
  List,
  NullableBooleanInput,
  SelectInput,
  SimpleList,
  TextField,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { templateCheck } from '../placeholders/TemplateChecks.tsx';
import { ConflictAwareEdit } from '../shared/ConflictAwareEdit.tsx';
import { bulkDeleteAsking, ToolbarDeleteAsking } from '../shared/DeletionQuestion.tsx';
import { TemplateDeletionQuestion } from './TemplateDeletionQuestion.tsx';
import { TemplateTextTools } from './TemplateTextTools.tsx';
import { csvExporter } from '../shared/csvExporter.ts';
import { templateCategories, templateCategoryLabel, templateCategoryLabels, templateProblems, DEFAULT_TEMPLATE_CATEGORY, type EmailTemplate } from './template.ts';
import { Preformatted, RecordShow, RecordTitle, YesNoField } from '../shared/RecordShow.tsx';
import { useTemplateHistory } from './history.ts';
import { searchFilter } from '../shared/filters.tsx';
import { RowEditButton } from '../shared/RowEditButton.tsx';
import { ListBody } from '../shared/ListBody.tsx';
import { RecordListActions } from '../shared/RecordListActions.tsx';
import { bulkActions } from '../shared/bulkActions.tsx';
import { MomentField } from '../shared/MomentField.tsx';
import { RecordForm } from '../shared/RecordForm.tsx';

const categoryChoices = templateCategories.map((category) => ({ id: category, name: templateCategoryLabels[category] }));

const templateFilters = [
  searchFilter('Search name, subject, body'),
  <SelectInput key="category" source="category" label="Category" choices={categoryChoices} alwaysOn />,
  <NullableBooleanInput key="isFavorite" source="isFavorite" label="Favorite" />,
];

const exportTemplates = csvExporter<EmailTemplate>('templates', [
  { header: 'Name', value: (template) => template.name },
  { header: 'Category', value: (template) => template.category },
  { header: 'Subject', value: (template) => template.subject },
  { header: 'Body', value: (template) => template.body },
  { header: 'Favorite', value: (template) => (template.isFavorite ? 'yes' : 'no') },
  { header: 'Created', value: (template) => template.createdAt, moments: true },
]);

function Category() {
  const template = useRecordContext<EmailTemplate>();
  return template ? <Chip size="small" variant="outlined" color="primary" label={templateCategoryLabel(template.category)} /> : null;
}

function Favorite() {
  const template = useRecordContext<EmailTemplate>();
  return template?.isFavorite ? <StarIcon fontSize="small" sx={{ color: 'warning.main' }} aria-label="Favorite" /> : null;
}

export function TemplateList() {
  return (
    <List filters={templateFilters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={exportTemplates} actions={<RecordListActions />} title="Email Templates">
      <ListBody phone={<SimpleList<EmailTemplate> primaryText={(template) => template.name} secondaryText={(template) => template.subject} tertiaryText={(template) => templateCategoryLabel(template.category)} linkType="show" />}>
        <DatagridConfigurable rowClick="show" {...bulkActions(bulkDeleteAsking(TemplateDeletionQuestion))}>
          <FunctionField label="Favorite" sortBy="isFavorite" render={() => <Favorite />} />
          <TextField source="name" sx={{ overflowWrap: 'anywhere' }} />
          <FunctionField label="Category" sortBy="category" render={() => <Category />} />
          <TextField source="subject" sortable={false} sx={{ overflowWrap: 'anywhere' }} />
          <MomentField source="updatedAt" label="Last changed" />
          <RowEditButton />
        </DatagridConfigurable>
      </ListBody>
    </List>
  );
}

/** The same rules as the template modal: name, subject and body required; a placeholder syntax error shows under its field with line and column. */
const validate = (values: Record<string, unknown>) => {
  const draft = { name: String(values.name ?? ''), category: DEFAULT_TEMPLATE_CATEGORY, subject: String(values.subject ?? ''), body: String(values.body ?? '') };
  const problems: Record<string, string | undefined> = { ...templateProblems(draft) };
  problems.subject ??= templateCheck(draft.subject).error;
  problems.body ??= templateCheck(draft.body).error;
  return Object.fromEntries(Object.entries(problems).filter(([, message]) => message));
};

function TemplateFields() {
  return (
    <>
      <TextInput source="name" label="Template Name" isRequired fullWidth />
      <SelectInput source="category" choices={categoryChoices} isRequired />
      <TemplateTextTools>
        <TextInput source="subject" isRequired fullWidth />
        <TextInput source="body" isRequired multiline minRows={8} fullWidth />
      </TemplateTextTools>
      <BooleanInput source="isFavorite" label="Favorite" />
    </>
  );
}

export function TemplateEdit() {
  return (
    <ConflictAwareEdit redirect="show" title={<RecordTitle prefix="Edit " source="name" fallback="Template" />} useHistoryReading={useTemplateHistory}>
      <RecordForm validate={validate} toolbar={<ToolbarDeleteAsking Question={TemplateDeletionQuestion} />}>
        <TemplateFields />
      </RecordForm>
    </ConflictAwareEdit>
  );
}

export function TemplateCreate() {
  return (
    <Create redirect="show" title="Create New Template">
      <RecordForm validate={validate} defaultValues={{ category: DEFAULT_TEMPLATE_CATEGORY, isFavorite: false }}>
        <TemplateFields />
      </RecordForm>
    </Create>
  );
}

export function TemplateShow() {
  return (
    <RecordShow title={<RecordTitle source="name" fallback="Template" />} useHistoryReading={useTemplateHistory}>
      <TextField source="name" sx={{ overflowWrap: 'anywhere' }} />
      <FunctionField label="Category" render={() => <Category />} />
      <TextField source="subject" sx={{ overflowWrap: 'anywhere' }} />
      <FunctionField label="Body" render={(template: EmailTemplate) => <Preformatted text={template.body} />} />
      <YesNoField source="isFavorite" label="Favorite" />
      <MomentField source="createdAt" label="Created" showTime />
      <MomentField source="updatedAt" label="Last changed" showTime />
    </RecordShow>
  );
}
