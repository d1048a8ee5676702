import { templateCategoryLabel } from '../../../../domain/records/template.ts';
import { quoted, type ActivityDescription } from '../activity.ts';
import type { TemplateEvent } from './events.ts';

export const templateActivity: ActivityDescription<TemplateEvent> = {
  resource: 'templates',
  recordId: (streamId) => streamId.slice('template-'.length),
  summaries: {
    TemplateCreated: (data) => `Created ${templateCategoryLabel(data.category)} template ${quoted(data.name)}`,
    TemplateRenamed: (data) => `Renamed template to ${quoted(data.name)}`,
    TemplateRecategorized: (data) => `Moved template to category ${templateCategoryLabel(data.category)}`,
    TemplateSubjectChanged: (data) => `Changed template subject to ${quoted(data.subject)}`,
    TemplateBodyChanged: () => 'Edited template body',
    TemplateFavorited: () => 'Marked template as favorite',
    TemplateUnfavorited: () => 'Removed template from favorites',
    TemplateDeleted: () => 'Deleted template',
    TemplateRestored: (data) => `Restored template ${quoted(data.name)}`,
  },
};
