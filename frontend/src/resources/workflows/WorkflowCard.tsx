import { useState } from 'react';
import { Button, Card, CardContent, Chip, IconButton, Stack, Typography } from '@mui/material';
import PeopleIcon from '@mui/icons-material/PeopleOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import MailIcon from '@mui/icons-material/MailOutline';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import { countOf, formatLocalDay } from '../../../../domain/format.ts';
import type { WorkflowRecord } from '../../../../domain/records/workflow.ts';
import { WorkflowEnrolmentsDialog } from '../enrolments/WorkflowEnrolmentsDialog.tsx';
import { stepAction, type WorkflowStep } from './steps.ts';

/** A workflow as the screens use it; the editor's steps may hold a cleared template (null) until saved. */
export type Workflow = Omit<WorkflowRecord, 'steps'> & { steps: WorkflowStep[] };

/** Every workflow of the user, newest first (the API's page limit): Automation Outreach lists them, a template's deletion question reads them from the same cache. */
export const allWorkflowsQuery = { pagination: { page: 1, perPage: 500 }, sort: { field: 'createdAt', order: 'DESC' as const } };

/**
 * The steps a card lists before 'Show all': the cards stand side by side in one row, which is as
 * tall as its tallest card, so a workflow of a hundred steps made every card thousands of pixels tall.
 */
export const stepsOnCard = 8;

/**
 * One workflow card: name, Edit and Delete, each step as 'Day N' with its type (and template for emails),
 * when it was created, and Enrolments (its statistics and the contacts going through it).
 */
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
  const [showEnrolments, setShowEnrolments] = useState(false);
  const [allSteps, setAllSteps] = useState(false);
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
        {workflow.steps.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ my: 1.5 }}>
            No steps yet
          </Typography>
        ) : (
          <Stack spacing={1} sx={{ my: 1.5 }} component="ol" style={{ listStyle: 'none', padding: 0, margin: '12px 0' }}>
            {(allSteps ? workflow.steps : workflow.steps.slice(0, stepsOnCard)).map((step, index) => (
              <Stack key={index} direction="row" spacing={1} component="li" sx={{ alignItems: 'center', minWidth: 0 }}>
                <Chip size="small" label={`Day ${step.day}`} sx={{ fontWeight: 600, flexShrink: 0 }} />
                {step.type === 'Email' ? <MailIcon fontSize="small" color="primary" /> : <LinkedInIcon fontSize="small" sx={{ color: '#0a66c2' }} />}
                <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
                  {stepAction(step, templateNames)}
                </Typography>
              </Stack>
            ))}
            {workflow.steps.length > stepsOnCard && (
              <li>
                <Button size="small" onClick={() => setAllSteps((shown) => !shown)} aria-expanded={allSteps}>
                  {allSteps ? 'Show fewer steps' : `Show all ${countOf(workflow.steps.length, 'step')}`}
                </Button>
              </li>
            )}
          </Stack>
        )}
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="caption" color="text.secondary">
            Created {formatLocalDay(workflow.createdAt)}
          </Typography>
          <Button size="small" startIcon={<PeopleIcon />} onClick={() => setShowEnrolments(true)} aria-label={`Enrolments in ${workflow.name}`}>
            Enrolments
          </Button>
        </Stack>
        {showEnrolments && <WorkflowEnrolmentsDialog workflow={workflow} onClose={() => setShowEnrolments(false)} />}
      </CardContent>
    </Card>
  );
}
