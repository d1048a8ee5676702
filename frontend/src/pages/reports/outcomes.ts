import { enrolmentStopReasons, enrolmentStopReasonLabels, type EnrolmentStopReason } from '../../../../domain/records/enrolment.ts';
import { countOf } from '../../../../domain/format.ts';
import type { ReportRow } from '../../providers/services.ts';
import { labelOf } from '../../resources/shared/labels.ts';

/**
 * An automation outcome of the report as its chart names it: the report counts each enrolment once,
 * by where it stands ('active', 'paused', 'completed', or a stop and its reason: 'stopped:manual');
 * the reader sees 'Active' and 'Stopped: By you', the words the Automation screen uses for the same
 * enrolments.
 */
export function automationOutcomeLabel(outcome: string): string {
  const [status, reason] = outcome.split(':');
  const kind = labelOf(status);
  if (reason === undefined) return kind;
  const reasonLabel = (enrolmentStopReasons as readonly string[]).includes(reason) ? enrolmentStopReasonLabels[reason as EnrolmentStopReason] : labelOf(reason);
  return `${kind}: ${reasonLabel}`;
}

/** The chart's total, said as one above it ('5 enrolments'): each enrolment is in one bar, so the bars add up to it. */
export const automationOutcomesTotal = (outcomes: ReportRow[]) => `${countOf(outcomes.reduce((total, row) => total + Number(row.count), 0), 'enrolment')}, each by where it stands`;
