import { FormControl, InputLabel, MenuItem, Select, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { countOf } from '../../../../domain/format.ts';
import type { WorkflowRecord } from '../../../../domain/records/workflow.ts';

/** A choice of the user's workflows by name with their step counts, or how to make the first one. */
export function WorkflowChooser({ label = 'Workflow', open, value, onChange }: { label?: string; open: boolean; value: string; onChange: (workflowId: string) => void }) {
  const { data: workflows = [], isPending } = useGetList<WorkflowRecord>('workflows', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } }, { enabled: open });
  return (
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
  );
}
