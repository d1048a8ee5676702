import { useState } from 'react';
import ReplyIcon from '@mui/icons-material/Reply';
import { Box, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import EmailIcon from '@mui/icons-material/EmailOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { formatLocalDay } from '../../../../domain/format.ts';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDialog.tsx';
import { ShowMoreRows, useRowsShown } from '../../ui/ShowMoreRows.tsx';
import { ContactDeletionQuestion } from './ContactDeletionQuestion.tsx';
import { DoNotContactChip, doNotContactText } from './DoNotContact.tsx';
import { linkedinPeopleSearchUrl } from './links.ts';
import { useSendEmail } from './sendEmailSlot.tsx';
import type { Contact } from './types.ts';
import { useContactActions } from './useContactActions.ts';
import { VerificationIndicator } from './VerificationIndicator.tsx';
import { touchTargets } from '../../ui/touchTargets.ts';

const titleAndEmail = (contact: Contact) => [contact.title, contact.email].filter(Boolean).join(' · ');

/**
 * A bank's contacts: hot-lead star, name and title, then the email check, LinkedIn (the profile, or
 * a people search on the contact's and the bank's name), Send Email (contacts with an email), Edit
 * and Delete (after a confirm). The actions brighten when the row is hovered or focused.
 */
export function BankContactList({
  bank,
  contacts,
  onEdit,
  emptyText = 'No contacts added.',
  maxHeight = 384,
}: {
  bank: { cert: number; name: string };
  contacts: Contact[];
  onEdit: (contact: Contact) => void;
  emptyText?: string;
  maxHeight?: number;
}) {
  const actions = useContactActions();
  const sendEmail = useSendEmail();
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const { shown, hidden, showMore } = useRowsShown(contacts);

  if (contacts.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <>
      <Box component="ul" aria-label={`Contacts at ${bank.name}`} sx={{ listStyle: 'none', m: 0, p: 0, maxHeight, overflowY: 'auto' }}>
        {shown.map((contact) => (
          <Box
            component="li"
            key={contact.id}
            data-testid="contact-row"
            data-contact-name={contact.name}
            // In a narrow column (a Targets card's third) the actions move under the name, which
            // then reads whole, instead of leaving it nine characters beside six buttons.
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              columnGap: 1,
              py: 0.75,
              px: 0.5,
              borderRadius: 1,
              // The actions are shown at full strength, not faded until pointed at: faded (2.1:1 on a white
              // card) they looked disabled to a rep who sees badly.
              '&:hover, &:focus-within': { bgcolor: 'action.hover' },
              ...touchTargets,
            }}
          >
            <Tooltip title={contact.isHotLead ? 'Remove from hot leads' : 'Mark as hot lead'}>
              <IconButton
                size="small"
                aria-label={contact.isHotLead ? `Remove ${contact.name} from hot leads` : `Mark ${contact.name} as hot lead`}
                aria-pressed={contact.isHotLead}
                onClick={() => void actions.toggleHotLead(contact)}
                // The theme's warning orange, as a favourite template's star: amber-500 read 2.2:1 on a white card.
                sx={{ color: contact.isHotLead ? 'warning.main' : 'text.secondary' }}
              >
                {contact.isHotLead ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
              </IconButton>
            </Tooltip>
            <Box sx={{ flex: '1 1 10rem', minWidth: 0 }}>
              {/* The name, title and address wrap, a long word (an address) where it must: cut with an ellipsis, their whole showed only in a tooltip on hover. */}
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {contact.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                {titleAndEmail(contact)}
              </Typography>
              <DoNotContactChip contact={contact} />
            </Box>
            <Stack direction="row" sx={{ alignItems: 'center', ml: 'auto' }}>
              <VerificationIndicator
                email={contact.email}
                verification={contact.verification}
                verifying={actions.isVerifying(contact.id)}
                onVerify={() => void actions.verify(contact)}
              />
              <Tooltip title={contact.linkedinUrl ? 'LinkedIn profile' : 'Search LinkedIn'}>
                <IconButton
                  size="small"
                  component={Link}
                  href={contact.linkedinUrl ?? linkedinPeopleSearchUrl(contact.name, bank.name)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={contact.linkedinUrl ? `LinkedIn profile of ${contact.name}` : `Search LinkedIn for ${contact.name}`}
                >
                  <LinkedInIcon fontSize="small" sx={{ color: contact.linkedinUrl ? '#0a66c2' : 'text.secondary' }} />
                </IconButton>
              </Tooltip>
              {sendEmail && contact.email && (
                // The span holds the tooltip of a disabled button; the button keeps its own name.
                <Tooltip title={contact.doNotContact ? doNotContactText(contact.doNotContact) : 'Send Email'} describeChild>
                  <span>
                    <IconButton size="small" aria-label={`Send email to ${contact.name}`} disabled={contact.doNotContact !== null} onClick={() => sendEmail(contact, bank)}>
                      <EmailIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              )}
              {/* Marking again records a new reply: it stops an automation started after the last one. */}
              <Tooltip title={contact.repliedAt ? `Replied ${formatLocalDay(contact.repliedAt)}: mark a new reply` : 'Mark replied'}>
                <IconButton size="small" aria-label={`Mark ${contact.name} replied`} onClick={() => actions.markReplied(contact)}>
                  <ReplyIcon fontSize="small" color={contact.repliedAt ? 'secondary' : undefined} />
                </IconButton>
              </Tooltip>
              <Tooltip title="Edit">
                <IconButton size="small" aria-label={`Edit ${contact.name}`} onClick={() => onEdit(contact)}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Delete">
                <IconButton size="small" aria-label={`Delete ${contact.name}`} onClick={() => setDeleting(contact)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          </Box>
        ))}
        <ShowMoreRows hidden={hidden} noun="contact" onClick={showMore} />
      </Box>
      <ConfirmDeleteDialog
        record={deleting}
        title="Delete Contact"
        question={(contact) => <ContactDeletionQuestion records={[contact]} />}
        onDelete={actions.remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
