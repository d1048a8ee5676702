import { FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { countOf } from '../../../../domain/format.ts';
import type { WorkflowRecord } from '../../../../domain/records/workflow.ts';
import type { EmailTemplate } from '../templates/template.ts';
import { MailServiceSettingsLink, useMailService } from '../sent-emails/mailService.tsx';
import { stepTemplateWarnings } from '../workflows/steps.ts';
import { StepTemplateWarningText } from '../workflows/StepTemplateWarningText.tsx';

/**
 * A choice of the user's workflows by name with their step counts, or how to make the first one. Once
 * one is chosen, each of its email steps whose template cannot be sent as written is named: the
 * scheduler stops a contact's automation at such a step, so the user hears it before starting. So
 * does a workflow with email steps when the user has no mail service to send them, or when whether
 * they have one could not be asked: the start is never held back by the check.
 */
export function WorkflowChooser({ label = 'Workflow', open, value, onChange }: { label?: string; open: boolean; value: string; onChange: (workflowId: string) => void }) {
  const { data: workflows = [], isPending } = useGetList<WorkflowRecord>('workflows', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } }, { enabled: open });
  const { data: templates = [] } = useGetList<EmailTemplate>('templates', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } }, { enabled: open && value !== '' });
  const chosen = workflows.find((workflow) => workflow.id === value);
  const warnings = chosen ? stepTemplateWarnings(chosen.steps, templates).filter((warning) => warning !== undefined) : [];
  const mail = useMailService(open);
  const sendsEmail = chosen?.steps.some((step) => step.type === 'Email') ?? false;
  return (
    <Stack spacing={1}>
      <FormControl fullWidth size="small">
        <InputLabel id="automation-workflow-label">{label}</InputLabel>
        <Select labelId="automation-workflow-label" label={label} value={value} onChange={(event) => onChange(event.target.value)}>
          {workflows.map((workflow) => (
            <MenuItem key={workflow.id} value={workflow.id}>
              {workflow.name} ({countOf(workflow.steps.length, 'step')})
            </MenuItem>
          ))}
        </Select>
        {!isPending && workflows.length === 0 && (
          <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5 }}>
            No workflows yet: create one in Automation Outreach.
          </Typography>
        )}
      </FormControl>
      {sendsEmail && mail === 'missing' && (
        <Typography variant="body2" color="warning.main" role="status" data-testid="no-mail-service">
          No mail service is set up, so this workflow&apos;s emails would fail and stop each automation at its first email: add your Mailgun key and sending domain in <MailServiceSettingsLink /> first.
        </Typography>
      )}
      {sendsEmail && mail === 'unchecked' && (
        <Typography variant="body2" color="warning.main" role="status" data-testid="mail-service-unchecked">
          Could not check whether a mail service is set up. If none is, this workflow&apos;s emails would fail and stop each automation at its first email.
        </Typography>
      )}
      {warnings.length > 0 && (
        <Stack spacing={0.5} data-testid="workflow-template-warnings">
          {warnings.map((warning) => (
            <StepTemplateWarningText key={warning.stepNumber} warning={warning} named />
          ))}
          <Typography variant="body2" color="text.secondary">
            The template is read when its step is due: correct it in Email Templates before then and the email goes as written.
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
