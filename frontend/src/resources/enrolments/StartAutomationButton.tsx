import { Button } from '@mui/material';
import { countOf } from '../../../../domain/format.ts';
import type { Refusal } from './useStartEnrolments.ts';

/**
 * The start dialogs' main button: 'Start Automation', or, after a refusal that named some of the
 * contacts, 'Start for the other N contacts' (those the server did not refuse).
 */
export function StartAutomationButton({ refusal, busy, disabled, onStart }: { refusal: Refusal | null; busy: boolean; disabled: boolean; onStart: (contactIds?: string[]) => void }) {
  if (refusal && refusal.others.length > 0) {
    return (
      <Button variant="contained" disabled={busy} onClick={() => onStart(refusal.others)}>
        Start for the other {countOf(refusal.others.length, 'contact')}
      </Button>
    );
  }
  return (
    <Button variant="contained" disabled={disabled || busy || refusal !== null} onClick={() => onStart()}>
      Start Automation
    </Button>
  );
}
