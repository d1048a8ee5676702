import { Chip, Tooltip } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import { formatLocalDay } from '../../../../domain/format.ts';
import { whyOnDoNotContact } from '../../../../domain/records/do-not-contact.ts';
import type { Contact } from './types.ts';

/** Why no email goes to the contact: 'On your Do Not Contact list since 11/28/2026: they unsubscribed.' */
export const doNotContactText = ({ reason, since }: NonNullable<Contact['doNotContact']>) =>
  `On your Do Not Contact list since ${formatLocalDay(since)}: ${whyOnDoNotContact(reason)}. Take the address off it in Settings › Automation.`;

/** A contact on the Do Not Contact list, marked where its email shows; the tooltip says why and since when. */
export function DoNotContactChip({ contact }: { contact: Contact }) {
  if (!contact.doNotContact) return null;
  return (
    <Tooltip title={doNotContactText(contact.doNotContact)} describeChild>
      <Chip size="small" color="error" variant="outlined" icon={<BlockIcon />} label="Do Not Contact" tabIndex={0} />
    </Tooltip>
  );
}
