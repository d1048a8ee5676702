import { z } from 'zod';
import { templateCategories } from '../../../../domain/records/template.ts';
import { defineEvent, type EventOf } from '../../events/registry.ts';

const category = z.enum(templateCategories);

export const templateEvents = {
  TemplateCreated: defineEvent(
    'TemplateCreated',
    z.object({
      templateId: z.uuid(),
      ownerId: z.uuid(),
      name: z.string(),
      category,
      subject: z.string(),
      body: z.string(),
      isFavorite: z.boolean(),
    }),
  ),
  TemplateRenamed: defineEvent('TemplateRenamed', z.object({ name: z.string() })),
  TemplateRecategorized: defineEvent('TemplateRecategorized', z.object({ category })),
  TemplateSubjectChanged: defineEvent('TemplateSubjectChanged', z.object({ subject: z.string() })),
  TemplateBodyChanged: defineEvent('TemplateBodyChanged', z.object({ body: z.string() })),
  TemplateFavorited: defineEvent('TemplateFavorited', z.object({})),
  TemplateUnfavorited: defineEvent('TemplateUnfavorited', z.object({})),
  TemplateDeleted: defineEvent('TemplateDeleted', z.object({})),
  /** A deleted template is back as it was when deleted: the read row went with the deletion, so the event carries the template's state then. */
  TemplateRestored: defineEvent(
    'TemplateRestored',
    z.object({
      templateId: z.uuid(),
      ownerId: z.uuid(),
      name: z.string(),
      category,
      subject: z.string(),
      body: z.string(),
      isFavorite: z.boolean(),
      /** When the record was first added: the restored record keeps its Added date and its place in lists. */
      addedAt: z.string(),
    }),
  ),
};

export type TemplateEvent = EventOf<typeof templateEvents>;
