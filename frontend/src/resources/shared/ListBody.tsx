import { useMediaQuery, type Theme } from '@mui/material';
import { cloneElement, type ReactElement } from 'react';
import { NoResults } from './NoResults.tsx';

/** True on a phone-sized screen, where lists show a record a line instead of a table. */
export const useOnPhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/**
 * A list's rows: on a phone `phone` (react-admin's SimpleList: a record a line, opening its page),
 * elsewhere the table. On a 390 px screen the table showed two of its columns and scrolled sideways.
 * Both show `empty` (by default `NoResults`) when there is no row.
 */
export function ListBody({ phone, children, empty = <NoResults /> }: { phone: ReactElement<{ empty?: ReactElement }>; children: ReactElement<{ empty?: ReactElement }>; empty?: ReactElement }) {
  return cloneElement(useOnPhone() ? phone : children, { empty });
}
