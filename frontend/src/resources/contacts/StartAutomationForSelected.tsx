import { useState } from 'react';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Button as MuiButton, Stack } from '@mui/material';
import AutomateIcon from '@mui/icons-material/Bolt';
import { Button, useListContext, useUnselectAll } from 'react-admin';
import { countOf } from '../../../../domain/format.ts';
import { useStartEnrolments } from '../enrolments/useStartEnrolments.ts';
import { WorkflowChooser } from '../enrolments/WorkflowChooser.tsx';

/**
 * The Contacts list's bulk action: enrols the ticked contacts, whatever their banks, in one workflow.
 * The server refuses the whole set with every reason (a bank that is not a target, an address on the
 * Do Not Contact list, a contact already going through it), so nobody is enrolled by half.
 */
export function StartAutomationForSelected() {
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll('contacts');
  const enrolments = useStartEnrolments();
  const [open, setOpen] = useState(false);
  const [workflowId, setWorkflowId] = useState('');
  const close = () => {
    setOpen(false);
    setWorkflowId('');
  };
  const start = async () => {
    if (!(await enrolments.start(workflowId, selectedIds.map(String), `Automation started for ${countOf(selectedIds.length, 'contact')}.`))) return;
    unselectAll();
    close();
  };
  return (
    <>
      <Button label="Start automation" onClick={() => setOpen(true)}>
        <AutomateIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="start-automation-selected-title">
        <DialogTitle id="start-automation-selected-title">Start Automation for {countOf(selectedIds.length, 'contact')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <WorkflowChooser open={open} value={workflowId} onChange={setWorkflowId} />
            <DialogContentText variant="body2">Each contact goes through the workflow's steps on their own schedule, inside your sending hours. Their banks must be among your targets.</DialogContentText>
          </Stack>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close}>Cancel</MuiButton>
          <MuiButton variant="contained" disabled={!workflowId || enrolments.busy} onClick={() => void start()}>
            Start Automation
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
