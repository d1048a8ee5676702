import { useState } from 'react';
import { Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import type { EmailTemplate } from '../templates/template.ts';
import { addStep, changeStepType, maxStepDay, parseStepDay, removeStep, replaceStep, stepTemplateWarnings, stepTypes, type StepType, type WorkflowStep } from './steps.ts';
import { StepTemplateWarningText } from './StepTemplateWarningText.tsx';

/**
 * A step's day as the user types it. The field can be emptied to type a new day: showing the step's
 * day whenever the text was not a number put the old day back at each Backspace, so typing 7 over a 5
 * gave 57. The step keeps its day until a number is typed, and the field shows it again on leaving.
 */
function StepDayField({ day, stepNumber, onChange }: { day: number; stepNumber: number; onChange: (day: number) => void }) {
  const [text, setText] = useState<string | undefined>();
  return (
    <TextField
      label="Day"
      type="number"
      value={text ?? day}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseStepDay(event.target.value, day));
      }}
      onBlur={() => setText(undefined)}
      sx={{ width: { sm: 90 } }}
      slotProps={{ htmlInput: { min: 1, max: maxStepDay, step: 1, inputMode: 'numeric', 'aria-label': `Day of step ${stepNumber}` } }}
    />
  );
}

/**
 * A workflow's steps, each a day, a type (Email or LinkedIn Visit) and, for emails, a template, with
 * '+ Add Step'. Under an email step whose template cannot be sent as written (unknown placeholders, a
 * syntax error), what the automation does there. The same editor serves the Automation page's
 * workflow modal and the Records screens, so both add and switch steps by the rules in steps.ts.
 */
export function WorkflowStepsEditor({
  steps,
  onChange,
  templates,
  problems,
}: {
  steps: readonly WorkflowStep[];
  onChange: (steps: WorkflowStep[]) => void;
  /** The user's templates, in the order the chooser lists them; the first is the default for new email steps. */
  templates: readonly EmailTemplate[];
  /** What is wrong with each step, shown under it (nothing before the user tries to save). */
  problems?: ReadonlyArray<string | undefined>;
}) {
  const firstTemplateId = templates[0]?.id;
  const warnings = stepTemplateWarnings(steps, templates);
  return (
    <Stack spacing={2}>
      {steps.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No steps yet.
        </Typography>
      )}
      {steps.map((step, index) => {
        const problem = problems?.[index];
        const warning = warnings[index];
        return (
          <Box key={index} data-testid="workflow-step" sx={{ border: 1, borderColor: problem ? 'error.main' : 'divider', borderRadius: 1.5, p: 1.5 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
              <StepDayField day={step.day} stepNumber={index + 1} onChange={(day) => onChange(replaceStep(steps, index, { ...step, day }))} />
              <TextField
                select
                label="Type"
                value={step.type}
                onChange={(event) => onChange(replaceStep(steps, index, changeStepType(step, event.target.value as StepType, firstTemplateId)))}
                sx={{ width: { sm: 160 } }}
                slotProps={{ htmlInput: { 'aria-label': `Type of step ${index + 1}` } }}
              >
                {stepTypes.map((type) => (
                  <MenuItem key={type} value={type}>
                    {type}
                  </MenuItem>
                ))}
              </TextField>
              {step.type === 'Email' && (
                <TextField
                  select
                  label="Template"
                  value={step.templateId ?? ''}
                  onChange={(event) => onChange(replaceStep(steps, index, { ...step, templateId: event.target.value }))}
                  sx={{ flex: 1, minWidth: 0 }}
                  slotProps={{ htmlInput: { 'aria-label': `Template of step ${index + 1}` } }}
                >
                  {templates.map((template) => (
                    <MenuItem key={template.id} value={template.id}>
                      {template.name}
                    </MenuItem>
                  ))}
                  {step.templateId && !templates.some((template) => template.id === step.templateId) && (
                    <MenuItem value={step.templateId} disabled>
                      Unknown Template
                    </MenuItem>
                  )}
                </TextField>
              )}
              <IconButton aria-label={`Remove step ${index + 1}`} onClick={() => onChange(removeStep(steps, index))} sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}>
                <DeleteIcon />
              </IconButton>
            </Stack>
            {warning && <StepTemplateWarningText warning={warning} />}
            {problem && (
              <Typography variant="caption" color="error">
                {problem}
              </Typography>
            )}
          </Box>
        );
      })}
      <Button onClick={() => onChange(addStep(steps, firstTemplateId))} sx={{ alignSelf: 'flex-start' }}>
        + Add Step
      </Button>
    </Stack>
  );
}
