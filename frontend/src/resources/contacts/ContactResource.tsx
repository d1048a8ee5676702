import { Alert, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import EmailIcon from '@mui/icons-material/EmailOutlined';
import ReplyIcon from '@mui/icons-material/Reply';
import StarIcon from '@mui/icons-material/Star';
import {
  AutocompleteInput,
  BooleanInput,
  Button,
  Create,
  DatagridConfigurable,
  EditButton,
  FunctionField,
  List,
  ReferenceInput,
  SelectColumnsButton,
  SelectInput,
  SimpleList,
  Tab,
  TextField,
  TextInput,
  TopToolbar,
  useGetList,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { useToast } from '../../ui/Toast.tsx';
import { touchTargets } from '../../ui/touchTargets.ts';
import { webAddressInput } from '../../ui/webAddressInput.ts';
import { ConflictAwareEdit } from '../shared/ConflictAwareEdit.tsx';
import { bulkDeleteAsking, ToolbarDeleteAsking } from '../shared/DeletionQuestion.tsx';
import { ContactDeletionQuestion } from './ContactDeletionQuestion.tsx';
import { DownloadPersonalDataButton } from './DownloadPersonalDataButton.tsx';
import { csvExporter } from '../shared/csvExporter.ts';
import { EmailsToRecord } from '../sent-emails/EmailsToRecord.tsx';
import { TagsInput } from '../shared/TagsInput.tsx';
import { bankChangeWarning, validateContactDraft } from './form.ts';
import { EraseContactButton } from './EraseContactButton.tsx';
import { ImportContactsButton } from './ImportContactsDialog.tsx';
import { StartAutomationForSelected } from './StartAutomationForSelected.tsx';
import { useSendEmail } from './sendEmailSlot.tsx';
import { useContactActions } from './useContactActions.ts';
import { EnrolmentTable } from '../enrolments/EnrolmentTable.tsx';
import { runningEnrolmentStatuses } from '../../../../domain/records/enrolment.ts';
import type { Contact } from './types.ts';
import { DoNotContactChip, doNotContactText } from './DoNotContact.tsx';
import { BankClosureChip } from '../../targets/BankClosure.tsx';
import { doNotContactLabels } from '../../../../domain/records/do-not-contact.ts';
import { verificationLook } from './verification.ts';
import { RecordShow, RecordTitle, YesNoField } from '../shared/RecordShow.tsx';
import { useContactHistory } from './history.ts';
import { MomentField } from '../shared/MomentField.tsx';
import { bankFilter, onlyFilter, searchFilter } from '../shared/filters.tsx';
import { RowEditButton } from '../shared/RowEditButton.tsx';
import { ListBody, useOnPhone } from '../shared/ListBody.tsx';
import { RecordListActions } from '../shared/RecordListActions.tsx';
import { bulkActions } from '../shared/bulkActions.tsx';
import { RecordForm } from '../shared/RecordForm.tsx';

const verificationChoices = [
  { id: 'deliverable', name: 'Deliverable' },
  { id: 'risky', name: 'Risky' },
  { id: 'undeliverable', name: 'Undeliverable' },
  { id: 'unknown', name: 'Unknown' },
  { id: 'error', name: 'Check failed' },
  { id: 'none', name: 'Not checked' },
];

const contactFilters = [
  searchFilter('Search name, email, title'),
  bankFilter(),
  onlyFilter('isHotLead', 'Hot leads only'),
  onlyFilter('replied', 'Replied only'),
  onlyFilter('inAutomation', 'In an automation'),
  <SelectInput key="verification" source="verification" label="Email check" choices={verificationChoices} />,
];

const exportContacts = csvExporter<Contact>('contacts', [
  { header: 'Full name', value: (contact) => contact.name },
  { header: 'Job title', value: (contact) => contact.title },
  { header: 'Email', value: (contact) => contact.email },
  { header: 'LinkedIn URL', value: (contact) => contact.linkedinUrl },
  { header: 'Bank', value: (contact) => contact.bankName },
  { header: 'Cert', value: (contact) => contact.bankId },
  { header: 'Hot lead', value: (contact) => (contact.isHotLead ? 'yes' : 'no') },
  { header: 'Email check', value: (contact) => contact.verification?.result ?? '' },
  { header: 'Score', value: (contact) => contact.verification?.score ?? '' },
  { header: 'Tags', value: (contact) => contact.tags },
  { header: 'Last reply', value: (contact) => contact.repliedAt ?? '', moments: true },
  { header: 'Do Not Contact', value: (contact) => (contact.doNotContact ? doNotContactLabels[contact.doNotContact.reason] : '') },
  { header: 'Added', value: (contact) => contact.createdAt, moments: true },
]);

function VerificationChip() {
  const contact = useRecordContext<Contact>();
  if (!contact?.verification) return <Typography variant="body2" color="text.secondary">Not checked</Typography>;
  const look = verificationLook(contact.verification);
  const color = look.color === 'disabled' ? 'default' : look.color;
  return <Chip size="small" color={color} variant="outlined" label={`${look.label}${contact.verification.score === null ? '' : ` · ${contact.verification.score}`}`} />;
}

/** The contact's bank, marked beneath when it has since failed or been acquired (mail to its staff may not arrive). */
function BankCell() {
  const contact = useRecordContext<Contact>();
  if (!contact) return null;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2">{contact.bankName}</Typography>
      <BankClosureChip closure={contact.bankClosure} />
    </Stack>
  );
}

/**
 * The address on one line, cut with an ellipsis past 10rem (whole on hover and on the contact's
 * page), with its email check beneath: a column of its own for the check, or a long address, pushed
 * the row's last columns out of sight on a 1,280 px window.
 */
function EmailCell() {
  const contact = useRecordContext<Contact>();
  if (!contact?.email) return <Typography variant="body2">—</Typography>;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" title={contact.email} sx={{ maxWidth: '10rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {contact.email}
      </Typography>
      {contact.doNotContact ? <DoNotContactChip contact={contact} /> : <VerificationChip />}
    </Stack>
  );
}

/**
 * The name, with a star after it for a hot lead (as on the Targets screen). A Hot lead column of its
 * own, a cross on most rows, took the room a long bank name needs: the Bank column wrapped a word a line.
 * A name longer than the column's widest (a 200-letter word) wraps inside it rather than pushing the
 * other columns out of the card.
 */
function NameWithHotLeadStar() {
  const contact = useRecordContext<Contact>();
  if (!contact) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', maxWidth: '12rem' }}>
      <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'break-word' }}>
        {contact.name}
      </Typography>
      {contact.isHotLead ? <StarIcon fontSize="small" color="warning" titleAccess="Hot lead" /> : null}
    </Stack>
  );
}

/** Column choices are stored by position, so the key changes whenever the columns do. */
const columnsPreference = 'contacts.columns.star-by-name';

function TagChips() {
  const contact = useRecordContext<Contact>();
  if (!contact?.tags?.length) return null;
  // Narrow enough for a second tag to go under the first rather than widen the table.
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, maxWidth: '7rem' }}>
      {contact.tags.map((tag) => (
        <Chip key={tag} size="small" label={tag} />
      ))}
    </Stack>
  );
}

function ContactListActions() {
  // A phone's list has no columns to choose.
  const onPhone = useOnPhone();
  return (
    <RecordListActions>
      {onPhone ? null : <SelectColumnsButton preferenceKey={columnsPreference} />}
      <ImportContactsButton />
    </RecordListActions>
  );
}

const contactBulkActions = (
  <>
    <StartAutomationForSelected />
    {bulkDeleteAsking(ContactDeletionQuestion)}
  </>
);

export function ContactList() {
  return (
    // No empty page: with no contacts yet, Import is how many users start.
    <List filters={contactFilters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={exportContacts} actions={<ContactListActions />} title="Contacts" empty={false}>
      <ListBody phone={<SimpleList<Contact> primaryText={(contact) => contact.name} secondaryText={(contact) => [contact.title, contact.bankName].filter(Boolean).join(' · ')} tertiaryText={(contact) => (contact.isHotLead ? 'Hot lead' : '')} linkType="show" />}>
        <DatagridConfigurable preferenceKey={columnsPreference} rowClick="show" {...bulkActions(contactBulkActions)} sx={touchTargets}>
          <FunctionField source="name" label="Full name" render={() => <NameWithHotLeadStar />} />
          <TextField source="title" label="Job title" />
          <FunctionField source="email" label="Email" render={() => <EmailCell />} />
          {/* Wide enough for a long bank name to take two or three lines, not one word a line. */}
          <FunctionField source="bankName" label="Bank" render={() => <BankCell />} sx={{ display: 'block', minWidth: '9rem' }} />
          <FunctionField label="Tags" sortable={false} render={() => <TagChips />} />
          <MomentField source="createdAt" label="Added" />
          <RowEditButton />
        </DatagridConfigurable>
      </ListBody>
    </List>
  );
}

/** Under the bank of a contact being edited: what picking another bank does to their running automations. */
function BankChangeWarning() {
  const contact = useRecordContext<Contact>();
  const chosenBankId = useWatch<{ bankId: number | null }, 'bankId'>({ name: 'bankId' });
  const { total } = useGetList(
    'enrolments',
    { filter: { contactId: contact?.id, status: runningEnrolmentStatuses }, pagination: { page: 1, perPage: 1 }, sort: { field: 'startedAt', order: 'DESC' } },
    { enabled: Boolean(contact) },
  );
  const warning = contact ? bankChangeWarning({ savedBankId: contact.bankId, chosenBankId: chosenBankId ?? null, runningAutomations: total ?? 0 }) : null;
  return warning ? (
    <Alert severity="warning" sx={{ mb: 2, width: '100%' }}>
      {warning}
    </Alert>
  ) : null;
}

/** The form's fields and rules, shared by Create and Edit (the same rules as the contact dialog). */
function ContactFields({ adding }: { adding: boolean }) {
  return (
    <>
      <ReferenceInput source="bankId" reference="banks" filter={{ isTarget: true }}>
        <AutocompleteInput optionText="name" label="Bank" isRequired={adding} filterToQuery={(q: string) => ({ q })} fullWidth />
      </ReferenceInput>
      {!adding && <BankChangeWarning />}
      <TextInput source="name" label="Full Name" isRequired fullWidth />
      <TextInput source="title" label="Job Title" isRequired fullWidth />
      <TextInput source="email" label="Email" type="email" fullWidth />
      <TextInput source="linkedinUrl" label="LinkedIn URL" fullWidth slotProps={{ htmlInput: webAddressInput }} />
      <TagsInput source="tags" />
      <BooleanInput source="isHotLead" label="Hot lead" />
    </>
  );
}

const validate = (adding: boolean) => (values: Record<string, unknown>) =>
  validateContactDraft(
    {
      bankId: (values.bankId as number | null) ?? null,
      name: String(values.name ?? ''),
      title: String(values.title ?? ''),
      email: String(values.email ?? ''),
      linkedinUrl: String(values.linkedinUrl ?? ''),
      tags: (values.tags as string[]) ?? [],
    },
    { bankRequired: adding },
  );

export function ContactEdit() {
  return (
    <ConflictAwareEdit redirect="show" title={<RecordTitle prefix="Edit " source="name" fallback="Contact" />} useHistoryReading={useContactHistory}>
      <RecordForm validate={validate(false)} toolbar={<ToolbarDeleteAsking Question={ContactDeletionQuestion} />}>
        <ContactFields adding={false} />
      </RecordForm>
    </ConflictAwareEdit>
  );
}

/** Adding a contact names them in the toast, as the contact form elsewhere does, then opens their page. */
export function ContactCreate() {
  const toast = useToast();
  const redirect = useRedirect();
  const onSuccess = (contact: Contact) => {
    toast.success(`${contact.name} added as a contact.`);
    redirect('show', 'contacts', contact.id);
  };
  return (
    <Create title="Add New Contact" mutationOptions={{ onSuccess }}>
      <RecordForm validate={validate(true)} defaultValues={{ tags: [], isHotLead: false }}>
        <ContactFields adding />
      </RecordForm>
    </Create>
  );
}

/** 'Send Email' for a contact with an address, when sending is offered; 'Edit' as on every Show. */
function ContactShowActions() {
  const contact = useRecordContext<Contact>();
  const sendEmail = useSendEmail();
  return (
    <TopToolbar sx={touchTargets}>
      {sendEmail && contact?.email && contact.bankId !== null && (
        <Tooltip title={contact.doNotContact ? doNotContactText(contact.doNotContact) : ''} describeChild>
          <span>
            <Button label="Send Email" disabled={contact.doNotContact !== null} onClick={() => sendEmail(contact, { cert: contact.bankId, name: contact.bankName ?? `Bank ${contact.bankId}` })}>
              <EmailIcon />
            </Button>
          </span>
        </Tooltip>
      )}
      <MarkRepliedButton />
      <EditButton />
      <DownloadPersonalDataButton />
      <EraseContactButton />
    </TopToolbar>
  );
}

/** Records the contact's reply: it stops the automations going through them (a later reply, those started since). */
function MarkRepliedButton() {
  const contact = useRecordContext<Contact>();
  const { markReplied } = useContactActions();
  if (!contact) return null;
  return (
    <Button label={contact.repliedAt ? 'Mark a new reply' : 'Mark replied'} onClick={() => void markReplied(contact)}>
      <ReplyIcon />
    </Button>
  );
}

/** The automations the contact went or goes through, with Pause, Resume and Stop; asked for again once a reply is marked (they stop). */
function ContactAutomations() {
  const contact = useRecordContext<Contact>();
  if (!contact) return null;
  return (
    <EnrolmentTable
      filter={{ contactId: String(contact.id) }}
      show={['workflow']}
      reloadKey={contact.repliedAt}
      emptyText="Not in any automation yet. Tick the contact in the Contacts list, or open its bank's card in Targets, to start one."
    />
  );
}

export function ContactShow() {
  return (
    <RecordShow
      title={<RecordTitle source="name" fallback="Contact" />}
      useHistoryReading={useContactHistory}
      actions={<ContactShowActions />}
      history={<EmailsToRecord target="contactId" title="Emails sent to this contact" />}
      tabs={
        <Tab label="Automations" path="automations">
          <ContactAutomations />
        </Tab>
      }
    >
      <TextField source="name" label="Full name" />
      <TextField source="title" label="Job title" />
      <TextField source="email" emptyText="—" />
      <TextField source="linkedinUrl" label="LinkedIn URL" emptyText="—" />
      <FunctionField source="bankName" label="Bank" render={() => <BankCell />} />
      <YesNoField source="isHotLead" label="Hot lead" />
      <FunctionField label="Email check" render={() => <VerificationChip />} />
      <FunctionField label="Tags" render={(contact: Contact) => (contact.tags.length ? <TagChips /> : '—')} />
      <MomentField source="repliedAt" label="Last reply" showTime emptyText="—" />
      <FunctionField source="doNotContact" label="Do Not Contact" render={(contact: Contact) => (contact.doNotContact ? doNotContactText(contact.doNotContact) : 'No')} />
      <MomentField source="createdAt" label="Added" showTime />
      <MomentField source="updatedAt" label="Last changed" showTime />
    </RecordShow>
  );
}
