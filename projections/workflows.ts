import { workflowEvents } from '../backend/src/outreach/workflows/events.ts';
import { defineRowProjection, insert, remove, update } from './row-projection.ts';

export const workflowsProjection = defineRowProjection(
  { name: 'workflows', title: 'Workflows', table: 'workflows', key: ['id'], version: 1, events: workflowEvents, streamKey: (streamId) => ({ id: streamId.slice('workflow-'.length) }) },
  {
    WorkflowCreated: (data) => insert({ id: data.workflowId, user_id: data.ownerId, name: data.name, steps: data.steps }),
    WorkflowRenamed: (data) => update({ name: data.name }),
    WorkflowStepsReplaced: (data) => update({ steps: data.steps }),
    WorkflowDeleted: () => remove(),
    // when it was restored: the automations started before stop, as its deletion stopped them
    WorkflowRestored: (data, event) => insert({ id: data.workflowId, user_id: data.ownerId, name: data.name, steps: data.steps, created_at: data.addedAt, restored_at: event.recordedAt }),
  },
);
