import { quoted, type ActivityDescription } from '../activity.ts';
import type { WorkflowEvent } from './events.ts';

const stepCount = (steps: unknown[]) => `${steps.length} ${steps.length === 1 ? 'step' : 'steps'}`;

export const workflowActivity: ActivityDescription<WorkflowEvent> = {
  resource: 'workflows',
  recordId: (streamId) => streamId.slice('workflow-'.length),
  summaries: {
    WorkflowCreated: (data) => `Created workflow ${quoted(data.name)} with ${stepCount(data.steps)}`,
    WorkflowRenamed: (data) => `Renamed workflow to ${quoted(data.name)}`,
    WorkflowStepsReplaced: (data) => `Changed workflow steps (now ${stepCount(data.steps)})`,
    WorkflowDeleted: () => 'Deleted workflow',
    WorkflowRestored: (data) => `Restored workflow ${quoted(data.name)}`,
  },
};
