import { z } from 'zod';

export const templateCategories = ['introduction', 'follow-up', 'check-in', 'custom'] as const;
export type TemplateCategory = (typeof templateCategories)[number];

/** A category as people read it; the stored value stays the lower-case one. */
export const templateCategoryLabels: Record<TemplateCategory, string> = {
  introduction: 'Introduction',
  'follow-up': 'Follow-up',
  'check-in': 'Check-in',
  custom: 'Custom',
};

/** A stored category's label; a value no longer among the categories reads as stored. */
export const templateCategoryLabel = (category: string): string => templateCategoryLabels[category as TemplateCategory] ?? category;

/** An email template as `/api/data/templates` answers it; `created`/`updated` repeat the timestamps under their older names. */
export const templateRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(templateCategories),
  subject: z.string(),
  body: z.string(),
  isFavorite: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  created: z.string(),
  updated: z.string(),
  version: z.number(),
});
export type TemplateRecord = z.infer<typeof templateRecordSchema>;
