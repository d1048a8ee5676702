import { activityProjection } from './activity.ts';
import { aiAnalysesProjection } from './ai-analyses.ts';
import { contactsProjection } from './contacts.ts';
import type { RowProjection } from './row-projection.ts';
import { targetsProjection } from './targets.ts';
import { tasksProjection } from './tasks.ts';
import { templatesProjection } from './templates.ts';
import { workflowsProjection } from './workflows.ts';
import { sentEmailsProjection } from './sent-emails.ts';
import { enrolmentsProjection } from './enrolments.ts';
import { suppressionsProjection } from './suppressions.ts';

/** Every read model, by name. The Postgres store applies them inline; rebuild replays them. */
export const projections: RowProjection[] = [targetsProjection, contactsProjection, tasksProjection, templatesProjection, workflowsProjection, sentEmailsProjection, enrolmentsProjection, suppressionsProjection, activityProjection, aiAnalysesProjection];

export function projectionsNamed(names: string[]): RowProjection[] {
  if (names.length === 0) return projections;
  const unknown = names.filter((name) => !projections.some((projection) => projection.name === name));
  if (unknown.length) {
    throw new Error(`Unknown projection(s): ${unknown.join(', ')}. Known: ${projections.map((p) => p.name).join(', ')}`);
  }
  return projections.filter((projection) => names.includes(projection.name));
}
