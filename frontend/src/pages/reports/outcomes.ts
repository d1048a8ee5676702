import { enrolmentStopReasons, enrolmentStopReasonLabels, type EnrolmentStopReason } from '../../../../domain/records/enrolment.ts';
import { labelOf } from '../../resources/shared/labels.ts';

/**
 * An automation outcome of the report as its chart names it: the report counts enrolment events by
 * type ('EnrolmentStarted') and stops also by reason ('EnrolmentStopped:manual'); the reader sees
 * 'Started' and 'Stopped: By you', the words the Automation screen uses for the same stops.
 */
export function automationOutcomeLabel(outcome: string): string {
  const [type, reason] = outcome.split(':');
  const kind = labelOf(type.replace(/^Enrolment/, ''));
  if (reason === undefined) return kind;
  const reasonLabel = (enrolmentStopReasons as readonly string[]).includes(reason) ? enrolmentStopReasonLabels[reason as EnrolmentStopReason] : labelOf(reason);
  return `${kind}: ${reasonLabel}`;
}
