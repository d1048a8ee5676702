import { forwardRef, memo, useState, type ReactNode } from 'react';
import { Box, Button, ButtonBase, Chip, CircularProgress, Collapse, Grid, Paper, Stack, Tooltip, Typography, styled } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import BoltIcon from '@mui/icons-material/Bolt';
import { delinquencyColor, formatLocalDay, formatMoney, formatPercent, roaColor } from '../../../../domain/format.ts';
import { TargetStar } from '../../targets/TargetStar.tsx';
import { RatioAlertBadge } from '../../targets/RatioAlertBadge.tsx';
import { BankClosureChip } from '../../targets/BankClosure.tsx';
import { RatingText } from '../../ui/RatingText.tsx';
import { BankContactList } from '../contacts/BankContactList.tsx';
import type { Contact } from '../contacts/types.ts';
import { BankTaskList } from '../tasks/BankTaskList.tsx';
import { EnrolmentTable } from '../enrolments/EnrolmentTable.tsx';
import { StartAutomationDialog } from '../enrolments/StartAutomationDialog.tsx';
import { DigitalPresence } from './DigitalPresence.tsx';
import { KeyFinancials } from './KeyFinancials.tsx';
import { OutreachHistory } from './OutreachHistory.tsx';
import type { TrackedBank } from './types.ts';
import type { TargetWork } from './useTargetWork.ts';

/** What a target card can ask of its screen; the screen keeps one object for its lifetime, so unchanged cards are not drawn again. */
export type TargetCardActions = {
  onToggleTarget: (bank: TrackedBank) => void;
  onToggleExpanded: (cert: number) => void;
  onReviewDetails: (bank: TrackedBank) => void;
  onFindContacts: (bank: TrackedBank) => void;
  onAddContact: (bank: TrackedBank) => void;
  onEditContact: (bank: TrackedBank, contact: Contact) => void;
};

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}

function Metric({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="target-metric">
      <span className="target-metric-label">{label}</span>
      <span className="target-metric-value">{children}</span>
    </span>
  );
}

/**
 * The collapsed card's row, drawn 25 to 50 times a page: one style for all of it (written once,
 * shared by every card) instead of a styled component per name, caption and figure, each of which
 * costs a style computation when drawn. Spans throughout: it sits in a button.
 */
const SummaryRow = styled('div')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  paddingLeft: theme.spacing(1),
  '& .target-toggle': { flex: 1, minWidth: 0, justifyContent: 'flex-start', textAlign: 'left', padding: theme.spacing(1.5, 1), gap: theme.spacing(2), flexWrap: 'wrap' },
  // The focus ring inside: the card's edge would cut off one drawn round it.
  '& .target-toggle.Mui-focusVisible': { outlineOffset: -2 },
  '& .target-title': { display: 'block', flex: '1 1 220px', minWidth: 0 },
  '& .target-name-line': { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: theme.spacing(0.5, 1) },
  '& .target-name': { ...theme.typography.subtitle1, fontWeight: 700, lineHeight: 1.3 },
  '& .target-place': { ...theme.typography.caption, display: 'block', color: theme.palette.text.secondary },
  '& .target-metrics': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1, 2) },
  '& .target-metric': { display: 'block', minWidth: 72 },
  '& .target-metric-label': { ...theme.typography.caption, display: 'block', color: theme.palette.text.secondary },
  '& .target-metric-value': { ...theme.typography.body2, display: 'block', fontWeight: 600 },
  '& .target-expand-icon': { color: theme.palette.text.secondary, transition: 'transform 150ms' },
  '& .target-expand-icon[data-expanded="true"]': { transform: 'rotate(180deg)' },
}));

const num = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * One target in the detail view. Collapsed: star, name, place, added date, assets, ROA and NPL
 * (coloured), contact and open-task counts. Expanded: Key Financials, Digital Presence, Actions,
 * Contacts, Automations (the bank's enrolments), Tasks and Outreach History; Automate opens Start Automation.
 */
export const TargetDetailCard = memo(
  forwardRef<HTMLDivElement, { bank: TrackedBank; work: TargetWork; expanded: boolean; busy: boolean; actions: TargetCardActions }>(function TargetDetailCard(
    { bank, work, expanded, busy, actions },
    ref,
  ) {
    const roa = num(bank.roa);
    const npl = num(bank.nplRatio);
    const place = [bank.city, bank.state].filter(Boolean).join(', ');
    const bankRef = { cert: bank.cert, name: bank.name };
    const [automating, setAutomating] = useState(false);
    const [automationsStarted, setAutomationsStarted] = useState(0);
    return (
      <Paper ref={ref} variant="outlined" data-testid="target-card" data-cert={bank.cert} data-expanded={expanded} sx={{ overflow: 'hidden', borderColor: expanded ? 'primary.main' : 'divider' }}>
        <SummaryRow>
          <TargetStar isTarget={bank.isTarget} busy={busy} bankName={bank.name} onToggle={() => actions.onToggleTarget(bank)} />
          {/* Named by what it shows (the bank and its figures), as WCAG asks of a control with visible text; aria-expanded says it opens. */}
          <ButtonBase className="target-toggle" onClick={() => actions.onToggleExpanded(bank.cert)} aria-expanded={expanded}>
            <span className="target-title">
              <span className="target-name-line">
                <span className="target-name" data-testid="target-name">
                  {bank.name}
                </span>
                <BankClosureChip closure={bank.closure} />
                <RatioAlertBadge alert={bank.ratioAlert} />
              </span>
              <span className="target-place">
                {place || 'Location not available'} · Added {formatLocalDay(bank.createdAt)}
              </span>
            </span>
            <span className="target-metrics">
              <Metric label="Assets">{formatMoney(num(bank.assets))}</Metric>
              <Metric label="ROA">
                <RatingText value={formatPercent(roa)} rating={roaColor(roa)} cue="beside" />
              </Metric>
              <Metric label="NPL %">
                <RatingText value={formatPercent(npl)} rating={delinquencyColor(npl)} cue="beside" />
              </Metric>
              <Metric label="Contacts">
                <span data-testid="contact-count">{work.loading ? '…' : work.contacts.length}</span>
              </Metric>
              <Metric label="Open tasks">
                <span data-testid="open-task-count">{work.loading ? '…' : work.openTasks}</span>
              </Metric>
            </span>
            <ExpandMoreIcon className="target-expand-icon" data-expanded={expanded} />
          </ButtonBase>
        </SummaryRow>
        <Collapse in={expanded} unmountOnExit>
          <Box sx={{ borderTop: 1, borderColor: 'divider', p: { xs: 2, md: 3 }, bgcolor: 'action.hover' }}>
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, md: 4 }}>
                <Stack spacing={3}>
                  <Section title="Key Financials">
                    <KeyFinancials bank={bank} />
                  </Section>
                  <Section title="Digital Presence">
                    <DigitalPresence bank={bank} />
                  </Section>
                  <Section title="Actions">
                    <Stack spacing={1}>
                      <Button variant="outlined" size="small" startIcon={<OpenInNewIcon />} onClick={() => actions.onReviewDetails(bank)}>
                        Review Details
                      </Button>
                      <Button variant="outlined" size="small" startIcon={<PersonSearchIcon />} onClick={() => actions.onFindContacts(bank)}>
                        Find Contacts &amp; Execs
                      </Button>
                      <Button variant="outlined" size="small" startIcon={<PersonAddIcon />} onClick={() => actions.onAddContact(bank)}>
                        Add New Contact
                      </Button>
                      <Tooltip title={!work.loading && work.contacts.length === 0 ? 'Add a contact to automate outreach to this bank.' : ''} describeChild>
                        <span>
                          <Button variant="outlined" size="small" startIcon={<BoltIcon />} disabled={work.loading || work.contacts.length === 0} fullWidth onClick={() => setAutomating(true)}>
                            Automate
                          </Button>
                        </span>
                      </Tooltip>
                    </Stack>
                  </Section>
                </Stack>
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <Stack spacing={3}>
                  <Section title="Contacts" action={work.loading ? undefined : <Chip size="small" label={work.contacts.length} />}>
                    {work.loading ? (
                      <CircularProgress size={20} aria-label="Loading contacts" />
                    ) : (
                      <BankContactList bank={bankRef} contacts={work.contacts} onEdit={(contact) => actions.onEditContact(bank, contact)} />
                    )}
                  </Section>
                  <Section title="Automations">
                    <EnrolmentTable
                      filter={{ bankId: bank.cert }}
                      show={['contact', 'workflow']}
                      // asked again when automations start, and when a contact replies or goes (theirs stop)
                      reloadKey={`${automationsStarted} ${work.contacts.map((contact) => `${contact.id}:${contact.repliedAt ?? ''}`).join(' ')}`}
                      emptyText="No automations for this bank yet."
                      maxHeight={384}
                    />
                  </Section>
                </Stack>
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <Stack spacing={3}>
                  <Section title="Tasks" action={work.loading ? undefined : <Chip size="small" label={`${work.openTasks} open`} />}>
                    {work.loading ? <CircularProgress size={20} aria-label="Loading tasks" /> : <BankTaskList bank={bankRef} tasks={work.tasks} quickAdd />}
                  </Section>
                  <Section title="Outreach History">
                    <OutreachHistory cert={bank.cert} />
                  </Section>
                </Stack>
              </Grid>
            </Grid>
          </Box>
        </Collapse>
        {automating && (
          <StartAutomationDialog bankName={bank.name} contacts={work.contacts} open onClose={() => setAutomating(false)} onStarted={() => setAutomationsStarted((count) => count + 1)} />
        )}
      </Paper>
    );
  }),
);
