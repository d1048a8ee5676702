import type { ActivityDescription } from './activity.ts';
import { contactActivity } from './contacts/activity.ts';
import { targetActivity } from './targets/activity.ts';
import { taskActivity } from './tasks/activity.ts';
import { templateActivity } from './templates/activity.ts';
import { workflowActivity } from './workflows/activity.ts';
import { sentEmailActivity } from './sent-emails/activity.ts';
import { enrolmentActivity } from './enrolments/activity.ts';
import { suppressionActivity } from './suppressions/activity.ts';

/** Every outreach aggregate's activity description; the activity projection reads them all. */
export const outreachActivity: ActivityDescription<any>[] = [targetActivity, contactActivity, taskActivity, templateActivity, workflowActivity, sentEmailActivity, enrolmentActivity, suppressionActivity];

const summaries = new Map<string, (data: any) => string>();
for (const description of outreachActivity) {
  for (const [type, summary] of Object.entries(description.summaries as Record<string, (data: any) => string>)) summaries.set(type, summary);
}

/** The one-line summary of an outreach event, as the feed and the History word it now; undefined for a type no aggregate describes. */
export const activitySummary = (type: string, data: unknown): string | undefined => summaries.get(type)?.(data);
