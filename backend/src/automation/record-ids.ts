import { createHash } from 'node:crypto';

/**
 * The id of what a step creates (its email, its task), derived from the enrolment and the step: a
 * worker repeating a step, or two workers running it at once, create the same record, and the store
 * refuses the second one. Shaped as a name-based (version 5) UUID.
 */
export function stepRecordId(enrolmentId: string, stepIndex: number, kind: 'email' | 'task'): string {
  const hex = createHash('sha1').update(`${enrolmentId}:${stepIndex}:${kind}`).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
