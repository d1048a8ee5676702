import { toDomainEvent } from '../backend/src/events/registry.ts';
import { workflowEvents, type WorkflowEvent } from '../backend/src/outreach/workflows/events.ts';
import type { Projection } from './projection.ts';
import { deleteRow, insertRow, updateRow } from './versioned-rows.ts';

const workflowIdOf = (streamId: string) => streamId.slice('workflow-'.length);

export const workflowsProjection: Projection = {
  name: 'workflows',
  tables: ['workflows'],
  bufferedRebuild: true,
  handles: Object.keys(workflowEvents),
  async apply(recorded, trx) {
    const event = toDomainEvent<WorkflowEvent>(recorded);
    const key = { id: workflowIdOf(recorded.streamId) };
    switch (event.type) {
      case 'WorkflowCreated':
        // jsonb: an array handed to the driver as-is would become a Postgres array, so it goes as JSON text.
        return insertRow(trx, 'workflows', recorded, {
          id: event.data.workflowId,
          user_id: event.data.ownerId,
          name: event.data.name,
          steps: JSON.stringify(event.data.steps),
        });
      case 'WorkflowRenamed':
        return updateRow(trx, 'workflows', key, recorded, { name: event.data.name });
      case 'WorkflowStepsReplaced':
        return updateRow(trx, 'workflows', key, recorded, { steps: JSON.stringify(event.data.steps) });
      case 'WorkflowDeleted':
        return deleteRow(trx, 'workflows', key, recorded);
    }
  },
};
