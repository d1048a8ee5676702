import { useGetList } from 'react-admin';
import { DeletionQuestion, type DeletedRecords } from '../shared/DeletionQuestion.tsx';
import { allWorkflowsQuery, type Workflow } from '../workflows/WorkflowCard.tsx';
import { deleteConfirmText, templateInUseText } from './template.ts';

/** Before templates are deleted: the question, and which workflows will skip their email steps. */
export function TemplateDeletionQuestion({ records }: { records: DeletedRecords }) {
  const workflows = useGetList<Workflow>('workflows', allWorkflowsQuery);
  const consequence = templateInUseText(records.map((template) => String(template.id)), workflows.data ?? []);
  return <DeletionQuestion question={deleteConfirmText('template', records)} consequence={consequence} />;
}
