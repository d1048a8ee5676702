import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Typography } from '@mui/material';
import type { Contact } from '../contacts/types.ts';
import { useToast } from '../../ui/Toast.tsx';
import { useStartEnrolments } from './useStartEnrolments.ts';
import { WorkflowChooser } from './WorkflowChooser.tsx';

/**
 * 'Start Automation for {bank}': choose a workflow, then the bank's contacts (Select All ticks them all);
 * Start Automation stays disabled until both are chosen. Starting enrols each contact in the workflow.
 */
export function StartAutomationDialog({ bankName, contacts, open, onClose, onStarted }: { bankName: string; contacts: Contact[]; open: boolean; onClose: () => void; onStarted: () => void }) {
  const [workflowId, setWorkflowId] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const enrolments = useStartEnrolments();
  const toast = useToast();
  const allChosen = contacts.length > 0 && chosen.size === contacts.length;
  const toggle = (id: string) => setChosen((current) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const close = () => {
    setWorkflowId('');
    setChosen(new Set());
    onClose();
  };
  const start = async () => {
    const outcome = await enrolments.start(workflowId, [...chosen], 'Automation started for selected contacts!');
    if (!outcome.started) {
      toast.error(outcome.message);
      return;
    }
    onStarted();
    close();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="start-automation-title">
      <DialogTitle id="start-automation-title">Start Automation for {bankName}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <WorkflowChooser label="1. Select a workflow" open={open} value={workflowId} onChange={setWorkflowId} />
          <Stack>
            <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
              2. Select contacts
            </Typography>
            {contacts.length === 0 ? (
              <Typography color="text.secondary">No contacts available for this bank.</Typography>
            ) : (
              <>
                <FormControlLabel
                  control={<Checkbox checked={allChosen} indeterminate={chosen.size > 0 && !allChosen} onChange={() => setChosen(allChosen ? new Set() : new Set(contacts.map((contact) => contact.id)))} />}
                  label="Select All"
                />
                {contacts.map((contact) => (
                  <FormControlLabel
                    key={contact.id}
                    sx={{ pl: 2 }}
                    control={<Checkbox checked={chosen.has(contact.id)} onChange={() => toggle(contact.id)} />}
                    label={`${contact.name}${contact.title ? `, ${contact.title}` : ''}${contact.email ? '' : ' (no email)'}`}
                  />
                ))}
              </>
            )}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" disabled={!workflowId || chosen.size === 0 || enrolments.busy} onClick={start}>
          Start Automation
        </Button>
      </DialogActions>
    </Dialog>
  );
}
