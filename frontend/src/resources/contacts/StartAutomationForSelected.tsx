import { useState } from 'react';
import { Alert, DialogContentText, Stack } from '@mui/material';
import AutomateIcon from '@mui/icons-material/Bolt';
import { Button, useListContext, useUnselectAll } from 'react-admin';
import { countOf } from '../../../../domain/format.ts';
import { Modal, ModalCancel } from '../../ui/Modal.tsx';
import { StartAutomationButton } from '../enrolments/StartAutomationButton.tsx';
import { useStartEnrolments, type Refusal } from '../enrolments/useStartEnrolments.ts';
import { WorkflowChooser } from '../enrolments/WorkflowChooser.tsx';

/**
 * The Contacts list's bulk action: enrols the ticked contacts, whatever their banks, in one workflow.
 * The server refuses the whole set with every reason (a bank that is not a target, an address on the
 * Do Not Contact list, a contact already going through it), so nobody is enrolled by half; the
 * dialog then shows the reason and offers to start the others. Once a workflow is chosen, closing the
 * dialog without starting asks before dropping the choice.
 */
export function StartAutomationForSelected() {
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll('contacts');
  const enrolments = useStartEnrolments();
  const [open, setOpen] = useState(false);
  const [workflowId, setWorkflowId] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const close = () => {
    setOpen(false);
    setWorkflowId('');
    setRefusal(null);
  };
  const start = async (contactIds: string[]) => {
    const outcome = await enrolments.start(workflowId, contactIds, `Automation started for ${countOf(contactIds.length, 'contact')}.`);
    if (outcome.started) {
      unselectAll();
      close();
      return;
    }
    setRefusal({ message: outcome.message, others: outcome.others });
  };
  return (
    <>
      <Button label="Start automation" onClick={() => setOpen(true)}>
        <AutomateIcon />
      </Button>
      <Modal
        open={open}
        onClose={close}
        maxWidth="sm"
        title={`Start Automation for ${countOf(selectedIds.length, 'contact')}`}
        unsavedChanges={workflowId !== ''}
        footer={
          <>
            <ModalCancel />
            <StartAutomationButton refusal={refusal} busy={enrolments.busy} disabled={!workflowId} onStart={(contactIds) => void start(contactIds ?? selectedIds.map(String))} />
          </>
        }
      >
        <Stack spacing={2}>
          <WorkflowChooser
            open={open}
            value={workflowId}
            onChange={(chosen) => {
              setWorkflowId(chosen);
              setRefusal(null);
            }}
          />
          <DialogContentText variant="body2">Each contact goes through the workflow's steps on their own schedule, inside your sending hours. Their banks must be among your targets.</DialogContentText>
          {refusal ? <Alert severity="warning">{refusal.message}</Alert> : null}
        </Stack>
      </Modal>
    </>
  );
}
