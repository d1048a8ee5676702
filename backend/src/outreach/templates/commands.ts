import { z } from 'zod';
import { checkTemplate } from '../../../../domain/placeholders/index.ts';
import { templateCategories, type TemplateCategory } from '../../../../domain/records/template.ts';
import { recordUpdateSchema } from '../schemas.ts';
import { emailBodySchema, emailSubjectSchema } from './email-fields.ts';

const name = z
  .string({ error: 'Template name is required.' })
  .trim()
  .min(1, 'Template name is required.')
  .max(200, 'A template name can be at most 200 characters.');
const category = z.enum(templateCategories, { error: `Category must be one of ${templateCategories.join(', ')}.` });
/**
 * A template must be one the placeholder engine can read: one it cannot (a placeholder never
 * closed, a block never ended) could be saved through the API but never sent, and a workflow using
 * it stalled at that step. The editor says the same before saving.
 */
const readable = (text: z.ZodType<string>) =>
  text.superRefine((value, ctx) => {
    const check = checkTemplate(value);
    if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message });
  });
const subject = readable(emailSubjectSchema('Template subject'));
const body = readable(emailBodySchema('Template body'));
const isFavorite = z.boolean({ error: 'isFavorite must be true or false.' });

/** POST /api/data/templates: name, subject and body required; the category defaults to introduction. */
export const createTemplateBody = z
  .object({ name, category: category.default('introduction'), subject, body, isFavorite: isFavorite.default(false) })
  .strict();

/** PUT /api/data/templates/:id: the whole record; what changed becomes events. */
export const updateTemplateBody = recordUpdateSchema(
  z.object({ name: name.optional(), category: category.optional(), subject: subject.optional(), body: body.optional(), isFavorite: isFavorite.optional() }).strict(),
  ['id', 'version', 'createdAt', 'updatedAt', 'created', 'updated'],
);

/** PUT /api/data/templates/:id/favorite */
export const favoriteBody = z.object({ isFavorite }).strict();

export type TemplateFields = { name: string; category: TemplateCategory; subject: string; body: string; isFavorite: boolean };

export type TemplateCommand =
  | ({ type: 'CreateTemplate'; templateId: string; userId: string } & TemplateFields)
  | { type: 'EditTemplate'; userId: string; changes: Partial<TemplateFields> }
  | { type: 'SetTemplateFavorite'; userId: string; isFavorite: boolean }
  | { type: 'DeleteTemplate'; userId: string }
  | { type: 'RestoreTemplate'; templateId: string; userId: string; addedAt: string };
