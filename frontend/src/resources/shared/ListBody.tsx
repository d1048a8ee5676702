import { useMediaQuery, type Theme } from '@mui/material';
import type { ReactElement } from 'react';

/** True on a phone-sized screen, where lists show a record a line instead of a table. */
export const useOnPhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/**
 * A list's rows: on a phone `phone` (react-admin's SimpleList: a record a line, opening its page),
 * elsewhere the table. On a 390 px screen the table showed two of its columns and scrolled sideways.
 */
export function ListBody({ phone, children }: { phone: ReactElement; children: ReactElement }) {
  return useOnPhone() ? phone : children;
}
