import { formatDate } from '../../../../domain/format.ts';
import { isoDate, num, type RawRecord } from '../../banks/records.ts';

/**
 * What the detail's header says of a bank that failed or merged ('Inactive since Jun 15, 2020',
 * 'Inactive' where the date is not held); null for an active bank or one whose status is not known.
 * Its panels otherwise look like those of a bank that merely reported nothing lately.
 */
export function inactiveStatus(institution: RawRecord): string | null {
  if (num(institution, 'ACTIVE') !== 0) return null;
  const since = isoDate(institution.ENDEFYMD ?? institution.INACTIVE_DATE);
  return since ? `Inactive since ${formatDate(since)}` : 'Inactive';
}
