import { useEffect, useState } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import AiIcon from '@mui/icons-material/AutoAwesome';
import UndoIcon from '@mui/icons-material/Undo';
import { useDataProvider, useGetList, useGetOne } from 'react-admin';
import { aiApi, providerNames, type ProviderName } from '../../ai/api.ts';
import { useToast } from '../../ui/Toast.tsx';
import type { Contact } from '../contacts/types.ts';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { useRenderedEmail } from '../placeholders/useRenderedEmail.ts';
import { UnknownPlaceholders } from '../placeholders/TemplateChecks.tsx';
import { messageOf, reasonOf } from '../shared/problem.ts';
import type { EmailTemplate } from '../templates/template.ts';
import { Modal, ModalActions } from '../../ui/Modal.tsx';
import { DeliveryStatusChip } from './DeliveryStatusChip.tsx';
import { awaitingOutcome, retryNote, type SentEmail } from './mailbox.ts';
import { answerSettles } from '../../providers/http.ts';
import { defaultEmail, queueEmail, sendFailedText, unsettledSendText } from './send.ts';
import { BankClosureWarning } from '../../targets/BankClosure.tsx';
import { MailServiceSettingsLink, useMailService } from './mailService.tsx';

export const AI_BODY_NEEDS_SUBJECT = 'Please enter a subject before using AI.';
export const AI_BODY_WRITTEN = 'AI successfully generated email body.';
export const AI_BODY_FAILED = 'Failed to generate email with AI.';
/** Said beside Send Email while it is off for want of a mail service. */
const NO_MAIL_SERVICE_SEND_OFF = 'Sending is off until a mail service is set up.';

/** While the email is on its way its record is re-read this often. */
const STATUS_REFRESH_MS = 1500;

export type SendEmailTarget = { contact: Contact; bank: { cert: number; name: string } };

/**
 * Send Email: first the bank's details are loaded (through a render of the defaults on that bank, so a
 * chosen template fills in at once); a template fills subject and body with placeholders resolved;
 * without one the subject is 'Regarding opportunities with {bank}' and the body 'Hi {contact name},'.
 * 'Write with AI' drafts the body from the subject, the contact and the bank (the subject comes first).
 * A body the user typed that a template or a draft replaces is kept for 'Restore your text'.
 * A placeholder the catalogue lacks (a typo such as {{FirstName}}) is named under the template
 * chooser: filled in, it reads N/A among the words and would go out unnoticed.
 * Both must be non-empty. The mail service is asked for as the modal opens: with none set up the modal
 * says so at its top, with where to set one up, and Send is off until one is (asked again when the user
 * comes back to the tab); when it cannot be asked, a note says so and Send stays on, the server having
 * the last word. Nothing of what was typed is lost either way. After sending, the modal shows the
 * email's status as it moves on; `onQueued` hands its id to whoever announces the outcome.
 */
export function SendEmailModal({ target, onClose, onQueued }: { target: SendEmailTarget | null; onClose: () => void; onQueued: (id: string, name: string) => void }) {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const open = target !== null;
  const contact = target?.contact;
  const bank = target?.bank;
  const [templateId, setTemplateId] = useState('');
  const [subject, setSubject] = useState('');
  // The subject the defaults or the last template put in: a subject that differs was typed, and a template keeps it.
  const [filledSubject, setFilledSubject] = useState('');
  const [body, setBody] = useState('');
  const [touched, setTouched] = useState(false);
  const [filling, setFilling] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [unknown, setUnknown] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [writing, setWriting] = useState(false);
  const [bodyAuthor, setBodyAuthor] = useState<ProviderName | null>(null);
  // The body a template or an AI draft replaced, until the user edits the new one: one click brings their own words back.
  const [replacedBody, setReplacedBody] = useState<string | null>(null);
  // Whether the body holds words the user typed, rather than the defaults, a template or a draft.
  const [typedBody, setTypedBody] = useState(false);
  // Whether the user changed the email since the modal opened (a template, the subject, the body): closing then asks first.
  const [edited, setEdited] = useState(false);
  const toast = useToast();
  const [queuedId, setQueuedId] = useState<string | null>(null);
  // A send no answer settled may have queued the email: until one does, it goes again only unchanged
  // (and so under the same Idempotency-Key: queued once at most).
  const [unsettled, setUnsettled] = useState(false);

  const templates = useGetList<EmailTemplate>('templates', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } }, { enabled: open });
  const bankDetails = useRenderedEmail({ subject: '', body: '{{bankName}}', cert: bank?.cert ?? null, contactId: contact?.id ?? null });
  const queued = useGetOne<SentEmail>(
    'sent-emails',
    { id: queuedId ?? '' },
    { enabled: queuedId !== null, refetchInterval: (query) => (query.state.data && !awaitingOutcome(query.state.data.status) ? false : STATUS_REFRESH_MS) },
  );

  useEffect(() => {
    if (!target) return;
    const defaults = defaultEmail(target.bank.name, target.contact.name);
    setTemplateId('');
    setSubject(defaults.subject);
    setFilledSubject(defaults.subject);
    setBody(defaults.body);
    setTouched(false);
    setError(undefined);
    setUnknown([]);
    setBodyAuthor(null);
    setReplacedBody(null);
    setTypedBody(false);
    setEdited(false);
    setQueuedId(null);
    setUnsettled(false);
  }, [target]);

  const chooseTemplate = async (id: string) => {
    setTemplateId(id);
    setEdited(true);
    setUnknown([]);
    if (!target) return;
    const fill = (next: { subject: string; body: string }) => {
      const ownWords = typedBody && body.trim() ? body : null;
      setReplacedBody((kept) => ownWords ?? kept);
      setTypedBody(false);
      setSubject((current) => (!current.trim() || current === filledSubject ? next.subject : current));
      setFilledSubject(next.subject);
      setBody(next.body);
    };
    const template = templates.data?.find((candidate) => candidate.id === id);
    if (!template) {
      fill(defaultEmail(target.bank.name, target.contact.name));
      return;
    }
    setFilling(true);
    setError(undefined);
    try {
      const rendered = await dataProvider.renderEmail({ subject: template.subject, body: template.body, cert: target.bank.cert, contactId: target.contact.id });
      fill(rendered);
      setUnknown(rendered.unknown);
      if (rendered.missing.length > 0) setError('Could not fetch some details for placeholders.');
    } catch (failure) {
      setError(messageOf(failure, 'Could not fetch some details for placeholders.'));
    } finally {
      setFilling(false);
    }
  };

  const writeBodyWithAi = async () => {
    if (!target) return;
    if (!subject.trim()) {
      setTouched(true);
      setError(AI_BODY_NEEDS_SUBJECT);
      return;
    }
    setWriting(true);
    setError(undefined);
    try {
      const answer = await aiApi.generateEmail({ contactName: target.contact.name, contactTitle: target.contact.title || undefined, bankName: target.bank.name, subject });
      setReplacedBody(body.trim() ? body : null);
      setTypedBody(false);
      setBody(answer.body);
      setEdited(true);
      setBodyAuthor(answer.provider);
      toast.success(AI_BODY_WRITTEN);
    } catch {
      toast.error(AI_BODY_FAILED);
    } finally {
      setWriting(false);
    }
  };

  const send = async () => {
    setTouched(true);
    if (!target || !target.contact.email || !subject.trim() || !body.trim()) return;
    setSending(true);
    setError(undefined);
    try {
      const answer = await queueEmail({ to: target.contact.email, subject, body, contactId: target.contact.id, bankId: target.bank.cert, recipientName: target.contact.name });
      setUnsettled(false);
      setQueuedId(answer.id);
      onQueued(answer.id, target.contact.name);
    } catch (failure) {
      const settles = answerSettles(failure);
      setUnsettled(!settles);
      setError(settles ? sendFailedText(reasonOf(failure, '')) : unsettledSendText(reasonOf(failure, '')));
    } finally {
      setSending(false);
    }
  };

  const status = queued.data?.status ?? (queuedId ? 'queued' : null);
  const locked = queuedId !== null;
  const editable = !locked && !unsettled;
  const loadingBank = open && bankDetails.isPending && !bankDetails.error;
  const mailService = useMailService(open);

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={contact ? `Send Email to ${contact.name}` : 'Send Email'}
      maxWidth="md"
      // Once sent there is nothing left to lose.
      unsavedChanges={edited && !locked}
      footer={
        locked ? (
          <Button variant="contained" onClick={onClose}>
            Close
          </Button>
        ) : (
          <ModalActions
            busy={sending}
            label="Send Email"
            busyLabel="Sending..."
            onAction={() => void send()}
            disabled={writing || filling || loadingBank || !contact?.email}
            disabledReason={mailService === 'missing' ? NO_MAIL_SERVICE_SEND_OFF : undefined}
            icon={<SendIcon />}
          />
        )
      }
    >
      {contact && bank && (
        <Stack spacing={2}>
          {!locked && mailService === 'missing' && (
            <Alert severity="warning" data-testid="no-mail-service">
              No mail service is set up, so this email cannot be sent yet. Add your Mailgun key and sending domain in <MailServiceSettingsLink /> (it opens in a new tab, and this email stays here), then come back to send it.
            </Alert>
          )}
          {!locked && mailService === 'unchecked' && (
            <Typography variant="body2" color="text.secondary" role="status" data-testid="mail-service-unchecked">
              Could not check the mail service. You can still send: if none is set up, you will be told, and the email stays here.
            </Typography>
          )}
          {/* A long address breaks to fit: unbroken, the dialog scrolled sideways on a phone. */}
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            To: {contact.name} &lt;{contact.email ?? 'no email address'}&gt; · {bank.name}
          </Typography>
          <BankClosureWarning bankName={bank.name} closure={contact.bankClosure} />
          {loadingBank && <Typography variant="body2">Loading bank details...</Typography>}
          {bankDetails.error && <Alert severity="warning">Could not fetch some details for placeholders.</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
          {status && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid="send-status">
              <Typography variant="body2">Status:</Typography>
              <DeliveryStatusChip status={status} reason={queued.data?.failureReason} />
              {queued.data?.status === 'failed' && queued.data.failureReason && (
                <Typography variant="body2" color="error">
                  {queued.data.failureReason}
                </Typography>
              )}
              {queued.data && retryNote(queued.data) && (
                <Typography variant="body2" color="text.secondary" data-testid="retry-note">
                  {retryNote(queued.data)}
                </Typography>
              )}
            </Stack>
          )}
          <TextField select label="Template" value={templateId} onChange={(event) => void chooseTemplate(event.target.value)} disabled={!editable || loadingBank || filling} slotProps={{ htmlInput: { 'aria-label': 'Template' } }}>
            <MenuItem value="">No template</MenuItem>
            {(templates.data ?? []).map((template) => (
              <MenuItem key={template.id} value={template.id}>
                {template.name}
              </MenuItem>
            ))}
          </TextField>
          <UnknownPlaceholders names={unknown} />
          <TextField
            label="Subject"
            required
            value={subject}
            onChange={(event) => {
              setSubject(event.target.value);
              setEdited(true);
            }}
            disabled={!editable}
            error={touched && !subject.trim()}
            helperText={touched && !subject.trim() ? 'Subject is required.' : undefined}
          />
          <TextField
            label="Body"
            required
            multiline
            minRows={10}
            value={body}
            onChange={(event) => {
              setBody(event.target.value);
              setEdited(true);
              setBodyAuthor(null);
              setReplacedBody(null);
              setTypedBody(true);
            }}
            disabled={!editable || writing}
            error={touched && !body.trim()}
            helperText={touched && !body.trim() ? 'Body is required.' : bodyAuthor ? `Drafted by ${providerNames[bodyAuthor]}: read it before sending.` : undefined}
          />
          {editable && (
            <Box>
              <Button size="small" variant="outlined" color="secondary" startIcon={<AiIcon />} onClick={() => void writeBodyWithAi()} disabled={writing || filling || loadingBank}>
                {writing ? 'Writing...' : 'Write with AI'}
              </Button>
              {replacedBody !== null && (
                <Button
                  size="small"
                  startIcon={<UndoIcon />}
                  sx={{ ml: 1 }}
                  onClick={() => {
                    setBody(replacedBody);
                    setBodyAuthor(null);
                    setReplacedBody(null);
                    setTypedBody(true);
                  }}
                >
                  Restore your text
                </Button>
              )}
            </Box>
          )}
          {filling && <Box sx={{ typography: 'body2', color: 'text.secondary' }}>Filling in the template...</Box>}
        </Stack>
      )}
    </Modal>
  );
}
