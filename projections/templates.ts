import { toDomainEvent } from '../backend/src/events/registry.ts';
import { templateEvents, type TemplateEvent } from '../backend/src/outreach/templates/events.ts';
import type { Projection } from './projection.ts';
import { deleteRow, insertRow, updateRow } from './versioned-rows.ts';

const templateIdOf = (streamId: string) => streamId.slice('template-'.length);

export const templatesProjection: Projection = {
  name: 'templates',
  tables: ['templates'],
  bufferedRebuild: true,
  handles: Object.keys(templateEvents),
  async apply(recorded, trx) {
    const event = toDomainEvent<TemplateEvent>(recorded);
    const key = { id: templateIdOf(recorded.streamId) };
    switch (event.type) {
      case 'TemplateCreated': {
        const { templateId, ownerId, name, category, subject, body, isFavorite } = event.data;
        return insertRow(trx, 'templates', recorded, { id: templateId, user_id: ownerId, name, category, subject, body, is_favorite: isFavorite });
      }
      case 'TemplateRenamed':
        return updateRow(trx, 'templates', key, recorded, { name: event.data.name });
      case 'TemplateRecategorized':
        return updateRow(trx, 'templates', key, recorded, { category: event.data.category });
      case 'TemplateSubjectChanged':
        return updateRow(trx, 'templates', key, recorded, { subject: event.data.subject });
      case 'TemplateBodyChanged':
        return updateRow(trx, 'templates', key, recorded, { body: event.data.body });
      case 'TemplateFavorited':
        return updateRow(trx, 'templates', key, recorded, { is_favorite: true });
      case 'TemplateUnfavorited':
        return updateRow(trx, 'templates', key, recorded, { is_favorite: false });
      case 'TemplateDeleted':
        return deleteRow(trx, 'templates', key, recorded);
    }
  },
};
