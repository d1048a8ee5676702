import { countOf } from '../../../domain/format.ts';

/** A bank picked from a list to be made a target with others. */
export type PickedBank = { cert: number; name: string };

/** The picks with this bank added, or taken out when it was picked already. */
export function togglePick(picked: readonly PickedBank[], bank: PickedBank): PickedBank[] {
  return picked.some((each) => each.cert === bank.cert) ? picked.filter((each) => each.cert !== bank.cert) : [...picked, { cert: bank.cert, name: bank.name }];
}

/** What adding picked banks to targets did, as the toast says it. */
export function bulkTargetedText(outcome: { added: number; already: number; failed: number; reason?: string }): string {
  const parts: string[] = [];
  if (outcome.added > 0 || (outcome.already === 0 && outcome.failed === 0)) parts.push(`Added ${countOf(outcome.added, 'bank')} to targets.`);
  if (outcome.already > 0) parts.push(`${countOf(outcome.already, 'bank')} ${outcome.already === 1 ? 'was' : 'were'} a target already.`);
  if (outcome.failed > 0) parts.push(`${countOf(outcome.failed, 'bank')} could not be added${outcome.reason ? ` (${outcome.reason})` : ''}: ${outcome.failed === 1 ? 'it stays' : 'they stay'} picked, so Add to targets tries again.`);
  return parts.join(' ');
}
