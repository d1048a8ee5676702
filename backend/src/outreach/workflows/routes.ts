import type { Knex } from 'knex';
import type { WorkflowRecord } from '../../../../domain/records/workflow.ts';
import { textOrder } from '../../http/simple-rest.ts';
import type { AppServices } from '../../services.ts';
import { resourceRouter, type ResourceDefinition } from '../resource-routes.ts';
import { uuidParam } from '../schemas.ts';
import { createWorkflowBody, updateWorkflowBody, type KnownTemplates, type StepInput, type WorkflowCommand } from './commands.ts';
import { workflowDecider } from './decider.ts';
import type { WorkflowStep } from './events.ts';

type WorkflowRow = { id: string; name: string; steps: WorkflowStep[]; version: number; created_at: Date; updated_at: Date };

/**
 * Which of the templates the steps name belong to this user and still exist. Read from the
 * user's templates table before deciding; the decider refuses any step naming another.
 */
export async function knownTemplates(knex: Knex, userId: string, steps: StepInput[] | undefined): Promise<KnownTemplates> {
  const named = [...new Set((steps ?? []).map((step) => step.templateId).filter((id): id is string => Boolean(id) && uuidParam.safeParse(id).success))];
  if (named.length === 0) return new Set();
  const found: string[] = await knex('templates').where('user_id', userId).whereIn('id', named).pluck('id');
  return new Set(found);
}

export function workflowsResource(knex: Knex): ResourceDefinition<WorkflowCommand, WorkflowRow> {
  return {
    resource: 'workflows',
    what: 'Workflow',
    streamId: (id) => `workflow-${id}`,
    decider: workflowDecider,
    rows: (db, userId) => db('workflows').where('user_id', userId).select('workflows.*'),
    idColumn: 'id',
    idSchema: uuidParam,
    list: {
      sortable: { createdAt: 'created_at', updatedAt: 'updated_at', name: textOrder('name'), id: 'id' },
      defaultSort: { field: 'createdAt', order: 'DESC' },
      searchColumns: ['name'],
    },
    toApi: (row): WorkflowRecord => ({
      id: row.id,
      name: row.name,
      steps: row.steps,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      // Older clients read created; both spellings are served.
      created: row.created_at.toISOString(),
      version: row.version,
    }),
    create: async (body, { userId, id }) => {
      const { name, steps } = createWorkflowBody.parse(body);
      return { type: 'CreateWorkflow', workflowId: id, userId, name, steps, knownTemplates: await knownTemplates(knex, userId, steps) };
    },
    update: async (body, { userId }) => {
      const { name, steps } = updateWorkflowBody.parse(body);
      return { type: 'EditWorkflow', userId, changes: { name, steps }, knownTemplates: await knownTemplates(knex, userId, steps) };
    },
    remove: ({ userId }) => ({ type: 'DeleteWorkflow', userId }),
    restore: ({ userId, id }, _deleted, addedAt) => ({ type: 'RestoreWorkflow', workflowId: id, userId, addedAt }),
  };
}

export function workflowRoutes(services: AppServices) {
  return resourceRouter(services, workflowsResource(services.knex));
}
