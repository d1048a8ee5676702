import { CircularProgress, IconButton, Tooltip } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { keepFocusNearWhenRemoved } from '../ui/focusNearby.ts';
import type { useTargetToggle } from './useTargetToggle.ts';

/** The star that toggles a bank's target status; clicks do not reach the row (which opens the detail). */
export function TargetStar({ isTarget, busy, bankName, onToggle }: { isTarget: boolean; busy: boolean; bankName: string; onToggle: () => void }) {
  const label = isTarget ? `Remove ${bankName} from targets` : `Add ${bankName} to targets`;
  return (
    <Tooltip title={isTarget ? 'Remove from targets' : 'Add to targets'} describeChild>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={isTarget}
          disabled={busy}
          onClick={(event) => {
            event.stopPropagation();
            // A list of targets drops the bank taken off it: the keyboard goes on to the next one.
            if (isTarget) keepFocusNearWhenRemoved(event.currentTarget);
            onToggle();
          }}
          // The theme's warning orange, as a favourite template's star: amber-500 read 2.2:1 on a white card.
          sx={{ color: isTarget ? 'warning.main' : 'text.secondary' }}
        >
          {busy ? <CircularProgress size={18} /> : isTarget ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The star of one bank, wired to a `useTargetToggle()` result; failures are shown by the hook's toast. */
export function BankTargetStar({ targets, bank }: { targets: ReturnType<typeof useTargetToggle>; bank: { cert: number; name: string } }) {
  return (
    <TargetStar
      isTarget={targets.targetCerts.has(bank.cert)}
      busy={targets.isBusy(bank.cert)}
      bankName={bank.name}
      onToggle={() => void targets.toggle(bank).catch(() => undefined)}
    />
  );
}
