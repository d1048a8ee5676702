import { Typography } from '@mui/material';
import { UnknownPlaceholders } from '../placeholders/TemplateChecks.tsx';
import { automationStopsText, type StepTemplateWarning } from './steps.ts';

/**
 * What a step's template does to the automation, in one line: its unknown placeholders, or why it
 * cannot be read. `named` says which step and template (where the steps are not on screen).
 */
export function StepTemplateWarningText({ warning, named = false }: { warning: StepTemplateWarning; named?: boolean }) {
  const whose = named ? `Step ${warning.stepNumber}'s template "${warning.templateName}"` : 'This template';
  if (warning.error) {
    return (
      <Typography variant="body2" color="warning.main" data-testid="unreadable-template">
        {whose} cannot be read ({automationStopsText}): {warning.error}
      </Typography>
    );
  }
  return <UnknownPlaceholders names={warning.unknown} lead={named ? `${whose} has unknown placeholders` : 'Unknown placeholders'} consequence={automationStopsText} />;
}
