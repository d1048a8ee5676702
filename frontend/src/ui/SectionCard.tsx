import type { ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { countOf } from '../../../domain/format.ts';

/** A titled dashboard/tool card: title, optional subtitle and action, then its content. */
export function SectionCard({
  title,
  subtitle,
  action,
  children,
  testId,
  minHeight,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
  minHeight?: number;
}) {
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid={testId}>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 2 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="caption" color="text.secondary">
                {subtitle}
              </Typography>
            )}
          </Box>
          {action}
        </Stack>
        <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

/**
 * A label over a figure, as the stat and summary blocks show them. The figure wraps rather than being
 * cut: a rated one carries its rating's word, and at twice the text size that takes a second line.
 */
export function Figure({ label, value, note, testId }: { label: string; value: ReactNode; note?: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {label}
      </Typography>
      <Typography variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary" component="div">
          {note}
        </Typography>
      )}
    </Box>
  );
}

/**
 * What an average figure is of: a plain mean over the banks that reported the figure, a $100M bank
 * counting as much as a $10B one, which a reader would otherwise take for a market-wide ratio.
 */
export function meanNote(banksReporting: number): string {
  return banksReporting === 0 ? 'No bank reports it' : `Unweighted mean of ${countOf(banksReporting, 'bank')} reporting`;
}

/** The quiet text of an empty list. */
export function EmptyText({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}
