import { Card, CardContent, Chip, IconButton, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import MailIcon from '@mui/icons-material/MailOutline';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import { formatDate } from '../../../../domain/format.ts';
import type { WorkflowRecord } from '../../../../domain/records/workflow.ts';
import type { WorkflowStep } from './steps.ts';

/** A workflow as the screens use it; the editor's steps may hold a cleared template (null) until saved. */
export type Workflow = Omit<WorkflowRecord, 'steps'> & { steps: WorkflowStep[] };

/** One workflow card: name, Edit and Delete, each step as 'Day N' with its type (and template for emails), and when it was created. */
export function WorkflowCard({
  workflow,
  templateNames,
  onEdit,
  onDelete,
}: {
  workflow: Workflow;
  templateNames: ReadonlyMap<string, string>;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card sx={{ width: 300, flexShrink: 0, display: 'flex', flexDirection: 'column' }} data-testid="workflow-card">
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {workflow.name}
          </Typography>
          <Stack direction="row">
            <IconButton size="small" onClick={onEdit} aria-label={`Edit ${workflow.name}`}>
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" onClick={onDelete} aria-label={`Delete ${workflow.name}`}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
        </Stack>
        <Stack spacing={1} sx={{ my: 1.5 }} component="ol" style={{ listStyle: 'none', padding: 0, margin: '12px 0' }}>
          {workflow.steps.map((step, index) => (
            <Stack key={index} direction="row" spacing={1} component="li" sx={{ alignItems: 'center', minWidth: 0 }}>
              <Chip size="small" label={`Day ${step.day}`} sx={{ fontWeight: 600, flexShrink: 0 }} />
              {step.type === 'Email' ? <MailIcon fontSize="small" color="primary" /> : <LinkedInIcon fontSize="small" sx={{ color: '#0a66c2' }} />}
              <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
                {step.type === 'Email' ? `Email: ${(step.templateId && templateNames.get(step.templateId)) || 'Unknown Template'}` : 'LinkedIn Visit'}
              </Typography>
            </Stack>
          ))}
        </Stack>
        <Typography variant="caption" color="text.secondary">
          Created {formatDate(workflow.createdAt)}
        </Typography>
      </CardContent>
    </Card>
  );
}
