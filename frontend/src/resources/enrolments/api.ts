import { enrolmentStopReasonLabels, manualStopDetail, type EnrolmentRecord, type WorkflowStatistics } from '../../../../domain/records/enrolment.ts';
import { countOf, groupThousands } from '../../../../domain/format.ts';
import { http } from '../../providers/http.ts';

export type EnrolmentFilter = { workflowId?: string; contactId?: string; bankId?: number };

export const enrolmentsApi = {
  start: (workflowId: string, contactIds: string[]) => http.post<{ enrolments: EnrolmentRecord[] }>(`/api/data/workflows/${workflowId}/enrolments`, { contactIds }, { once: true }),
  list: (filter: EnrolmentFilter) =>
    http.get<EnrolmentRecord[]>('/api/data/enrolments', { filter: JSON.stringify(filter), sort: JSON.stringify(['startedAt', 'DESC']), range: JSON.stringify([0, 499]) }),
  pause: (id: string) => http.put<EnrolmentRecord>(`/api/data/enrolments/${id}/pause`, {}),
  resume: (id: string) => http.put<EnrolmentRecord>(`/api/data/enrolments/${id}/resume`, {}),
  stop: (id: string) => http.put<EnrolmentRecord>(`/api/data/enrolments/${id}/stop`, {}),
  statistics: (workflowId: string) => http.get<WorkflowStatistics>(`/api/data/workflows/${workflowId}/statistics`),
};

/** The status as a user reads it: 'Active', 'Paused', 'Completed', 'Stopped: Replied', or 'Stopping: Replied' once a stop condition holds. */
export function statusText(enrolment: EnrolmentRecord): string {
  if (enrolment.status === 'stopped') return `Stopped: ${enrolment.stopReason ? enrolmentStopReasonLabels[enrolment.stopReason] : 'Stopped'}`;
  if (enrolment.stopping) return `Stopping: ${enrolmentStopReasonLabels[enrolment.stopping.reason]}`;
  return enrolment.status[0].toUpperCase() + enrolment.status.slice(1);
}

/** What the status chip's tooltip says: why it stopped, or why it is stopping and that nothing more is sent. */
export function statusDetail(enrolment: EnrolmentRecord): string {
  if (enrolment.stopping) return `${enrolment.stopping.detail} No further step runs; the automation stops within seconds.`;
  return enrolment.stopDetail ?? '';
}

/** The words the user gave when they stopped an enrolment, shown under its status; undefined when they gave none or it stopped otherwise. */
export function stopWords(enrolment: EnrolmentRecord): string | undefined {
  if (enrolment.status !== 'stopped' || enrolment.stopReason !== 'manual' || !enrolment.stopDetail || enrolment.stopDetail === manualStopDetail) return undefined;
  return enrolment.stopDetail;
}

/** One part of a workflow's enrolments: where each of them stands now. */
export type EnrolmentOutcome = { key: 'active' | 'paused' | 'completed' | 'replied' | 'unsubscribed' | 'failed' | 'stopped'; label: string; count: number };

/**
 * A workflow's enrolments parted by where each stands: running, paused, through its last step, or
 * stopped, and why. The parts add up to the enrolled: a reply or a failed send stops an enrolment, so
 * a replied one is never also completed. 'Stopped' holds the other reasons (by you, contact deleted,
 * bank no longer a target, Do Not Contact).
 */
export function enrolmentOutcomes(statistics: WorkflowStatistics): EnrolmentOutcome[] {
  return [
    { key: 'active', label: 'Active', count: statistics.active },
    { key: 'paused', label: 'Paused', count: statistics.paused },
    { key: 'completed', label: 'Completed', count: statistics.completed },
    { key: 'replied', label: 'Replied', count: statistics.replied },
    { key: 'unsubscribed', label: 'Unsubscribed', count: statistics.unsubscribed },
    { key: 'failed', label: 'Send failed', count: statistics.failed },
    { key: 'stopped', label: 'Stopped', count: Math.max(0, statistics.stopped - statistics.replied - statistics.unsubscribed - statistics.failed) },
  ];
}

/** '2 of 3 reached by a step (67%)': how far the workflow got, as a share of the enrolled. */
export function reachedText(statistics: WorkflowStatistics): string {
  const share = statistics.enrolled > 0 ? Math.round((statistics.sent / statistics.enrolled) * 100) : 0;
  return `${statistics.sent} of ${statistics.enrolled} reached by a step (${share}%)`;
}

/** What deleting workflows does to the contacts going through them (active or paused): their outreach stops. Empty when none. */
export function runningEnrolmentsText(running: number, workflowCount = 1): string {
  if (running === 0) return '';
  return `${countOf(running, 'contact')} ${running === 1 ? 'is' : 'are'} going through ${workflowCount === 1 ? 'it' : 'them'}: their outreach stops.`;
}

/** What deleting contacts does to those going through an automation (active or paused): their outreach stops. Empty when none. */
export function contactsInAutomationText(inAutomation: number, deleted: number): string {
  if (inAutomation === 0) return '';
  if (deleted === 1) return 'This contact is going through an automation: their outreach stops.';
  return `${groupThousands(inAutomation)} of them ${inAutomation === 1 ? 'is' : 'are'} going through an automation: their outreach stops.`;
}

/** Made on first use: this module loads with Targets, and a page's first Intl formatter loads locale data for tens of milliseconds. */
let dateTime: Intl.DateTimeFormat | undefined;

/** 'Step 2 of 5 · LinkedIn Visit · Nov 26, 9:05 AM' ('when resumed' while paused); empty once ended. */
export function nextStepText(enrolment: EnrolmentRecord): string {
  const step = enrolment.nextStep;
  if (!step) return '';
  const when = step.dueAt ? (dateTime ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })).format(new Date(step.dueAt)) : 'when resumed';
  return `Step ${step.number} of ${enrolment.stepCount} · ${step.type} · ${when}`;
}
