import { Chip, Tooltip } from '@mui/material';
import WarningIcon from '@mui/icons-material/WarningAmberRounded';
import TrendingUpIcon from '@mui/icons-material/TrendingUpRounded';
import { countOf, quarterLabel } from '../../../domain/format.ts';
import { describeCrossing, type RatioAlert } from '../../../domain/ratio-alerts.ts';

/**
 * The badge of a target whose ratios a newer quarter moved across a rating colour: amber when any
 * ratio worsened, green when all improved; the tooltip lists each change.
 */
export function RatioAlertBadge({ alert }: { alert: RatioAlert | null | undefined }) {
  if (!alert) return null;
  const worsened = alert.crossings.some((crossing) => crossing.direction === 'worsened');
  return (
    <Tooltip title={alert.crossings.map(describeCrossing).join('; ')}>
      <Chip
        size="small"
        data-testid="ratio-alert-badge"
        icon={worsened ? <WarningIcon /> : <TrendingUpIcon />}
        color={worsened ? 'warning' : 'success'}
        variant="outlined"
        label={`${quarterLabel(alert.quarter)}: ${countOf(alert.crossings.length, 'ratio')} changed`}
        sx={{ fontWeight: 600 }}
      />
    </Tooltip>
  );
}
