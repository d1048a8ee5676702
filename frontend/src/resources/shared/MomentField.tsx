import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatLocalDay, formatLocalMoment } from '../../../../domain/format.ts';

/**
 * A record's moment as every screen writes it, on the user's clock: 'Nov 29, 2026, 10:22 AM', or the
 * day alone ('Nov 29, 2026') without `showTime`; `emptyText` when the record has none. Used instead of
 * react-admin's DateField, whose text follows the browser's locale ('11/29/2026, 10:22:32 AM').
 */
export function MomentField({ source, showTime = false, emptyText = '' }: { source: string; label?: string; showTime?: boolean; emptyText?: string }) {
  const record = useRecordContext<Record<string, unknown>>();
  const value = record?.[source];
  const text = typeof value === 'string' && value ? (showTime ? formatLocalMoment(value) : formatLocalDay(value)) : emptyText;
  return (
    <Typography component="span" variant="body2">
      {text}
    </Typography>
  );
}
