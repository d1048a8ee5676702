import type { Knex } from 'knex';
import { templateCategories, type TemplateCategory, type TemplateRecord } from '../../../../domain/records/template.ts';
import { BadRequestError } from '../../http/errors.ts';
import { booleanFilter, textOrder } from '../../http/simple-rest.ts';
import type { AppServices } from '../../services.ts';
import { resourceRouter, runRecordCommand, type ResourceDefinition } from '../resource-routes.ts';
import { uuidParam } from '../schemas.ts';
import { createTemplateBody, favoriteBody, updateTemplateBody, type TemplateCommand } from './commands.ts';
import { templateDecider } from './decider.ts';

type TemplateRow = {
  id: string;
  name: string;
  category: TemplateCategory;
  subject: string;
  body: string;
  is_favorite: boolean;
  version: number;
  created_at: Date;
  updated_at: Date;
};

function categoryFilter(query: Knex.QueryBuilder, value: unknown): void {
  const values = Array.isArray(value) ? value : [value];
  const unknown = values.filter((category) => !(templateCategories as readonly unknown[]).includes(category));
  if (unknown.length) throw new BadRequestError(`Category must be one of ${templateCategories.join(', ')}.`);
  query.whereIn('category', values as string[]);
}

export const templatesResource: ResourceDefinition<TemplateCommand, TemplateRow> = {
  resource: 'templates',
  what: 'Template',
  streamId: (id) => `template-${id}`,
  decider: templateDecider,
  rows: (knex: Knex, userId: string) => knex('templates').where('user_id', userId).select('templates.*'),
  idColumn: 'id',
  idSchema: uuidParam,
  list: {
    sortable: { createdAt: 'created_at', updatedAt: 'updated_at', name: textOrder('name'), category: 'category', isFavorite: 'is_favorite', id: 'id' },
    defaultSort: { field: 'createdAt', order: 'DESC' },
    filters: { category: categoryFilter, isFavorite: booleanFilter('is_favorite') },
    searchColumns: ['name', 'subject', 'body'],
  },
  toApi: (row): TemplateRecord => {
    const createdAt = row.created_at.toISOString();
    const updatedAt = row.updated_at.toISOString();
    return {
      id: row.id,
      name: row.name,
      category: row.category,
      subject: row.subject,
      body: row.body,
      isFavorite: row.is_favorite,
      createdAt,
      updatedAt,
      // Older clients read created/updated; both spellings are served.
      created: createdAt,
      updated: updatedAt,
      version: row.version,
    };
  },
  create: (body, { userId, id }) => ({ type: 'CreateTemplate', templateId: id, userId, ...createTemplateBody.parse(body) }),
  update: (body, { userId }) => {
    const { name, category, subject, body: text, isFavorite } = updateTemplateBody.parse(body);
    return { type: 'EditTemplate', userId, changes: { name, category, subject, body: text, isFavorite } };
  },
  remove: ({ userId }) => ({ type: 'DeleteTemplate', userId }),
  restore: ({ userId, id }, _deleted, addedAt) => ({ type: 'RestoreTemplate', templateId: id, userId, addedAt }),
};

export function templateRoutes(services: AppServices) {
  const router = resourceRouter(services, templatesResource);
  router.put('/:id/favorite', async (ctx) => {
    const { isFavorite } = favoriteBody.parse(ctx.request.body ?? {});
    await runRecordCommand(ctx, services, templatesResource, ctx.params.id, ({ userId }) => ({ type: 'SetTemplateFavorite' as const, userId, isFavorite }));
  });
  return router;
}
