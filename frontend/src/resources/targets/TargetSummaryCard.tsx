import { memo } from 'react';
import { Avatar, Box, Button, Card, CardActions, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { delinquencyColor, formatLocalDay, formatMoney, formatPercent, listOf, roaColor } from '../../../../domain/format.ts';
import { TargetStar } from '../../targets/TargetStar.tsx';
import { RatioAlertBadge } from '../../targets/RatioAlertBadge.tsx';
import { BankClosureChip } from '../../targets/BankClosure.tsx';
import { RatingText } from '../../ui/RatingText.tsx';
import { avatarsOf, initialsOf, MAX_AVATARS } from './avatars.ts';
import type { TargetCardActions } from './TargetDetailCard.tsx';
import type { TrackedBank } from './types.ts';
import type { TargetWork } from './useTargetWork.ts';

const num = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * One target in the card view: name (opens the bank detail), place, star, added date, three figures,
 * up to five contact avatars plus '+N' (hot leads ringed in yellow) over their names, and Contact and Details buttons.
 */
export const TargetSummaryCard = memo(function TargetSummaryCard({ bank, work, busy, actions }: { bank: TrackedBank; work: TargetWork; busy: boolean; actions: TargetCardActions }) {
  const roa = num(bank.roa);
  const npl = num(bank.nplRatio);
  const { shown, more } = avatarsOf(work.contacts);
  return (
    <Card variant="outlined" data-testid="target-summary-card" data-cert={bank.cert} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Link component="button" variant="subtitle1" underline="hover" onClick={() => actions.onReviewDetails(bank)} sx={{ fontWeight: 700, textAlign: 'left', color: 'text.primary' }}>
              {bank.name}
            </Link>
            <Typography variant="caption" color="text.secondary" component="div">
              {[bank.city, bank.state].filter(Boolean).join(', ') || 'Location not available'} · Added {formatLocalDay(bank.createdAt)}
            </Typography>
            {(bank.closure || bank.ratioAlert) && (
              <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
                <BankClosureChip closure={bank.closure} />
                <RatioAlertBadge alert={bank.ratioAlert} />
              </Stack>
            )}
          </Box>
          <TargetStar isTarget={bank.isTarget} busy={busy} bankName={bank.name} onToggle={() => actions.onToggleTarget(bank)} />
        </Stack>
        <Stack direction="row" spacing={2} sx={{ my: 2 }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              Assets
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {formatMoney(num(bank.assets))}
            </Typography>
          </Box>
          <Box sx={{ flex: 1 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              ROA
            </Typography>
            <Typography variant="body2">
              <RatingText value={formatPercent(roa)} rating={roaColor(roa)} cue="beside" />
            </Typography>
          </Box>
          <Box sx={{ flex: 1 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              NPL %
            </Typography>
            <Typography variant="body2">
              <RatingText value={formatPercent(npl)} rating={delinquencyColor(npl)} cue="beside" />
            </Typography>
          </Box>
        </Stack>
        {work.loading ? (
          <CircularProgress size={20} aria-label="Loading contacts" />
        ) : work.contacts.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No contacts yet.
          </Typography>
        ) : (
          <>
            {/* The avatars are a picture of the names written under them: a name shown only in a tooltip on hover was not found with a magnifier, and a hot lead's yellow ring told it by colour alone. */}
            <Stack direction="row" spacing={-0.75} sx={{ alignItems: 'center' }} aria-hidden data-testid="contact-avatars">
              {shown.map((contact) => (
                <Avatar
                  key={contact.id}
                  data-hot-lead={contact.isHotLead}
                  sx={{
                    width: 32,
                    height: 32,
                    fontSize: 13,
                    bgcolor: 'primary.main',
                    border: 2,
                    borderColor: contact.isHotLead ? '#facc15' : 'background.paper',
                    boxShadow: contact.isHotLead ? '0 0 0 1px #facc15' : 'none',
                  }}
                >
                  {initialsOf(contact.name)}
                </Avatar>
              ))}
              {more > 0 && (
                <Avatar sx={{ width: 32, height: 32, fontSize: 12, bgcolor: 'action.selected', color: 'text.primary', border: 2, borderColor: 'background.paper' }}>+{more}</Avatar>
              )}
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75, overflowWrap: 'anywhere' }} data-testid="contact-names">
              {listOf(
                work.contacts.map((contact) => `${contact.name}${contact.isHotLead ? ' (hot lead)' : ''}`),
                MAX_AVATARS,
              )}
            </Typography>
          </>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button size="small" variant="outlined" onClick={() => actions.onAddContact(bank)}>
          Contact
        </Button>
        <Button size="small" variant="contained" onClick={() => actions.onReviewDetails(bank)}>
          Details
        </Button>
      </CardActions>
    </Card>
  );
});
