import { FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { countOf } from '../../../../domain/format.ts';
import type { WorkflowRecord } from '../../../../domain/records/workflow.ts';
import type { EmailTemplate } from '../templates/template.ts';
import { stepTemplateWarnings } from '../workflows/steps.ts';
import { StepTemplateWarningText } from '../workflows/StepTemplateWarningText.tsx';

/**
 * A choice of the user's workflows by name with their step counts, or how to make the first one. Once
 * one is chosen, each of its email steps whose template cannot be sent as written is named: the
 * scheduler stops a contact's automation at such a step, so the user hears it before starting.
 */
export function WorkflowChooser({ label = 'Workflow', open, value, onChange }: { label?: string; open: boolean; value: string; onChange: (workflowId: string) => void }) {
  const { data: workflows = [], isPending } = useGetList<WorkflowRecord>('workflows', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } }, { enabled: open });
  const { data: templates = [] } = useGetList<EmailTemplate>('templates', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } }, { enabled: open && value !== '' });
  const chosen = workflows.find((workflow) => workflow.id === value);
  const warnings = chosen ? stepTemplateWarnings(chosen.steps, templates).filter((warning) => warning !== undefined) : [];
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
