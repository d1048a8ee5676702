import type { Verification } from './types.ts';

export type VerificationLook = { label: string; color: 'success' | 'warning' | 'error' | 'disabled'; kind: 'deliverable' | 'risky' | 'undeliverable' | 'unknown' };

/**
 * How a stored email check shows: deliverable a green check, risky yellow, undeliverable a red
 * cross, anything else (unknown, or a check that failed) 'Unknown status'. The tooltip gives the score.
 */
export function verificationLook(verification: Verification): VerificationLook {
  switch (verification.result) {
    case 'deliverable':
      return { label: 'Deliverable', color: 'success', kind: 'deliverable' };
    case 'risky':
      return { label: 'Risky', color: 'warning', kind: 'risky' };
    case 'undeliverable':
      return { label: 'Undeliverable', color: 'error', kind: 'undeliverable' };
    default:
      return { label: 'Unknown status', color: 'disabled', kind: 'unknown' };
  }
}

export function verificationTooltip(verification: Verification): string {
  const look = verificationLook(verification);
  const score = verification.score === null || verification.score === undefined ? '' : ` (score ${verification.score})`;
  const failed = verification.result === 'error' ? ' — the last check failed' : '';
  return `${look.label}${score}${failed}. Click to check again.`;
}
