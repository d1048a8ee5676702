import { useState } from 'react';
import { Box, IconButton, List, ListItem, ListItemButton, ListItemText, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { countOf, formatPercent, quarterLabel } from '../../../../domain/format.ts';
import type { RatioCrossing } from '../../../../domain/ratio-alerts.ts';
import { Link as RouterLink } from 'react-router';
import { useBankDetail } from '../../bank-detail/index.tsx';
import { messageOf } from '../../resources/shared/problem.ts';
import { useRefreshOutreach } from '../../resources/shared/useRefreshOutreach.ts';
import { targetsApi } from '../../resources/targets/api.ts';
import { EmptyText, SectionCard } from '../../ui/SectionCard.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useRatioAlerts } from './useDashboardData.ts';
import { useRatingPalette } from '../../ui/useRatingPalette.ts';

/** "ROA 1.30% → 0.60%", each figure in its rating colour. */
function Crossing({ crossing }: { crossing: RatioCrossing }) {
  const ratingPalette = useRatingPalette();
  return (
    <Typography component="span" variant="caption" sx={{ mr: 1.5, whiteSpace: 'nowrap' }} data-testid="ratio-crossing">
      {crossing.label}{' '}
      <Box component="span" sx={{ color: ratingPalette[crossing.from], fontWeight: 600 }}>
        {formatPercent(crossing.previous)}
      </Box>
      {' → '}
      <Box component="span" sx={{ color: ratingPalette[crossing.to], fontWeight: 600 }}>
        {formatPercent(crossing.current)}
      </Box>
    </Typography>
  );
}

/** Quarter Alerts: targets whose ratios the newest quarter moved across a rating colour, until dismissed. */
export function QuarterAlertsCard() {
  const { data, total, isPending, error } = useRatioAlerts();
  const detail = useBankDetail();
  const refresh = useRefreshOutreach();
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);
  const dismiss = async (cert: number) => {
    setBusy(cert);
    try {
      await targetsApi.dismissRatioAlert(cert);
    } catch (failure) {
      toast.error(messageOf(failure, 'The alert could not be dismissed.'));
    } finally {
      setBusy(null);
      await refresh('banks');
    }
  };
  return (
    <SectionCard title="Quarter Alerts" subtitle={total ? `${countOf(total, 'target')} changed rating` : 'Ratio changes in the newest quarter'} testId="quarter-alerts">
      {isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : error ? (
        <EmptyText>Your alerts could not be loaded.</EmptyText>
      ) : !data?.length ? (
        <EmptyText>No alerts. When a newer quarter moves a target&apos;s ratios across a rating colour, it shows here.</EmptyText>
      ) : (
        <List dense disablePadding>
          {data.map((bank) => (
            <ListItem
              key={bank.cert}
              disablePadding
              secondaryAction={
                <Tooltip title="Dismiss">
                  <IconButton edge="end" size="small" aria-label={`Dismiss the alert of ${bank.name}`} disabled={busy === bank.cert} onClick={() => dismiss(bank.cert)}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemButton component={RouterLink} {...detail.linkTo(bank.cert)} sx={{ borderRadius: 2, pr: 6 }}>
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                      <span>{bank.name}</span>
                      {bank.ratioAlert && (
                        <Typography variant="caption" color="text.secondary">
                          {quarterLabel(bank.ratioAlert.quarter)}
                        </Typography>
                      )}
                    </Stack>
                  }
                  secondary={bank.ratioAlert?.crossings.map((crossing) => <Crossing key={crossing.ratio} crossing={crossing} />)}
                  slotProps={{ primary: { noWrap: true, fontWeight: 600 }, secondary: { component: 'div' } }}
                  sx={{ minWidth: 0 }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
