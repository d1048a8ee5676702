import { useQueries } from '@tanstack/react-query';
import { enrolmentsApi, runningEnrolmentsText } from '../enrolments/api.ts';
import { DeletionQuestion, type DeletedRecords } from '../shared/DeletionQuestion.tsx';
import { deleteConfirmText } from '../templates/template.ts';

/** Before workflows are deleted: the question, and how many contacts going through them stop. */
export function WorkflowDeletionQuestion({ records }: { records: DeletedRecords }) {
  const statistics = useQueries({
    queries: records.map((workflow) => ({ queryKey: ['workflow-statistics', String(workflow.id)], queryFn: () => enrolmentsApi.statistics(String(workflow.id)) })),
  });
  const running = statistics.reduce((sum, query) => sum + (query.data ? query.data.active + query.data.paused : 0), 0);
  return <DeletionQuestion question={deleteConfirmText('workflow', records)} consequence={runningEnrolmentsText(running, records.length)} />;
}
