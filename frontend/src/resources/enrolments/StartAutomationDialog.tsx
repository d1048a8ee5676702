import { useState } from 'react';
import { Alert, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { Modal, ModalCancel } from '../../ui/Modal.tsx';
import type { Contact } from '../contacts/types.ts';
import { StartAutomationButton } from './StartAutomationButton.tsx';
import { useStartEnrolments, type Refusal } from './useStartEnrolments.ts';
import { WorkflowChooser } from './WorkflowChooser.tsx';
import { BankClosureWarning } from '../../targets/BankClosure.tsx';

/**
 * 'Start Automation for {bank}': choose a workflow, then the bank's contacts (Select All ticks them all);
 * Start Automation stays disabled until both are chosen. A contact on the Do Not Contact list is shown
 * but cannot be ticked. When the server refuses some of those ticked (already going through the
 * workflow, say), the dialog says why and offers to start the others. Once a workflow or a contact is
 * chosen, closing it without starting asks before dropping the choice.
 */
export function StartAutomationDialog({ bankName, contacts, open, onClose, onStarted }: { bankName: string; contacts: Contact[]; open: boolean; onClose: () => void; onStarted: () => void }) {
  const [workflowId, setWorkflowId] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const enrolments = useStartEnrolments();
  const eligible = contacts.filter((contact) => contact.doNotContact === null);
  const allChosen = eligible.length > 0 && chosen.size === eligible.length;
  const choose = (next: ReadonlySet<string>) => {
    setChosen(next);
    setRefusal(null);
  };
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    choose(next);
  };
  const close = () => {
    setWorkflowId('');
    choose(new Set());
    onClose();
  };
  const start = async (contactIds: string[]) => {
    const outcome = await enrolments.start(workflowId, contactIds, 'Automation started for selected contacts!');
    if (!outcome.started) {
      setRefusal(outcome);
      return;
    }
    onStarted();
    close();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      maxWidth="sm"
      title={`Start Automation for ${bankName}`}
      unsavedChanges={workflowId !== '' || chosen.size > 0}
      footer={
        <>
          <ModalCancel />
          <StartAutomationButton refusal={refusal} busy={enrolments.busy} disabled={!workflowId || chosen.size === 0} onStart={(contactIds) => void start(contactIds ?? [...chosen])} />
        </>
      }
    >
      <Stack spacing={3}>
        {/* The contacts are all of this bank: the first one's bank speaks for them. */}
        <BankClosureWarning bankName={bankName} closure={contacts[0]?.bankClosure} />
        <WorkflowChooser
          label="1. Select a workflow"
          open={open}
          value={workflowId}
          onChange={(id) => {
            setWorkflowId(id);
            setRefusal(null);
          }}
        />
        <Stack>
          <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
            2. Select contacts
          </Typography>
          {contacts.length === 0 ? (
            <Typography color="text.secondary">No contacts available for this bank.</Typography>
          ) : (
            <>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={allChosen}
                    indeterminate={chosen.size > 0 && !allChosen}
                    disabled={eligible.length === 0}
                    onChange={() => choose(allChosen ? new Set() : new Set(eligible.map((contact) => contact.id)))}
                  />
                }
                label="Select All"
              />
              {contacts.map((contact) => (
                <FormControlLabel
                  key={contact.id}
                  sx={{ pl: 2 }}
                  disabled={contact.doNotContact !== null}
                  control={<Checkbox checked={chosen.has(contact.id)} onChange={() => toggle(contact.id)} />}
                  label={`${contact.name}${contact.title ? `, ${contact.title}` : ''}${contactNote(contact)}`}
                />
              ))}
            </>
          )}
        </Stack>
        {refusal ? <Alert severity="warning">{refusal.message}</Alert> : null}
      </Stack>
    </Modal>
  );
}

/** Why a contact may not get the workflow's emails, after their name. */
function contactNote(contact: Contact): string {
  if (contact.doNotContact !== null) return ' (Do Not Contact)';
  return contact.email ? '' : ' (no email)';
}
