import { templateEvents } from '../backend/src/outreach/templates/events.ts';
import { defineRowProjection, insert, remove, update } from './row-projection.ts';

export const templatesProjection = defineRowProjection(
  { name: 'templates', title: 'Email templates', table: 'templates', key: ['id'], version: 1, events: templateEvents, streamKey: (streamId) => ({ id: streamId.slice('template-'.length) }) },
  {
    TemplateCreated: ({ templateId, ownerId, name, category, subject, body, isFavorite }) =>
      insert({ id: templateId, user_id: ownerId, name, category, subject, body, is_favorite: isFavorite }),
    TemplateRenamed: (data) => update({ name: data.name }),
    TemplateRecategorized: (data) => update({ category: data.category }),
    TemplateSubjectChanged: (data) => update({ subject: data.subject }),
    TemplateBodyChanged: (data) => update({ body: data.body }),
    TemplateFavorited: () => update({ is_favorite: true }),
    TemplateUnfavorited: () => update({ is_favorite: false }),
    TemplateDeleted: () => remove(),
    TemplateRestored: ({ templateId, ownerId, name, category, subject, body, isFavorite, addedAt }) =>
      insert({ id: templateId, user_id: ownerId, name, category, subject, body, is_favorite: isFavorite, created_at: addedAt }),
  },
);
