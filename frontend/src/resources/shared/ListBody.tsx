import { useMediaQuery, type Theme } from '@mui/material';
import type { ReactElement } from 'react';

/**
 * A list's rows: on a phone `phone` (react-admin's SimpleList: a record a line, opening its page),
 * elsewhere the table. On a 390 px screen the table showed two of its columns and scrolled sideways.
 */
export function ListBody({ phone, children }: { phone: ReactElement; children: ReactElement }) {
  const onPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return onPhone ? phone : children;
}
