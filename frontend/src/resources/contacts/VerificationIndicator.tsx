import { CircularProgress, IconButton, Tooltip } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import WarningIcon from '@mui/icons-material/Warning';
import CancelIcon from '@mui/icons-material/Cancel';
import HelpIcon from '@mui/icons-material/HelpOutline';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailReadOutlined';
import type { Verification } from './types.ts';
import { verificationLook, verificationTooltip } from './verification.ts';

const icons = { deliverable: CheckCircleIcon, risky: WarningIcon, undeliverable: CancelIcon, unknown: HelpIcon };

/**
 * The email check of a contact: not checked yet (a verify button, disabled without an email),
 * checking (a spinner), or the result's icon with the score in its tooltip (a click checks again).
 */
export function VerificationIndicator({
  email,
  verification,
  verifying,
  onVerify,
}: {
  email: string | null;
  verification: Verification | null;
  verifying: boolean;
  onVerify: () => void;
}) {
  if (verifying) return <CircularProgress size={18} aria-label="Verifying email" sx={{ mx: 0.75 }} />;
  if (!verification) {
    return (
      <Tooltip title={email ? 'Verify email' : 'Add an email address to verify it'} describeChild>
        <span>
          <IconButton size="small" aria-label="Verify email" disabled={!email} onClick={onVerify}>
            <MarkEmailReadIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  const look = verificationLook(verification);
  const Icon = icons[look.kind];
  return (
    <Tooltip title={verificationTooltip(verification)} describeChild>
      <span>
        {/* The button carries the tooltip's text too: a tooltip on the span around it names nothing. */}
        <IconButton size="small" aria-label={`Email: ${verificationTooltip(verification)}`} data-verification={verification.result} disabled={!email} onClick={onVerify}>
          <Icon fontSize="small" color={look.color} />
        </IconButton>
      </span>
    </Tooltip>
  );
}
