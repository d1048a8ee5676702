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
