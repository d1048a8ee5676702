import { fixedReading } from '../shared/history.ts';
import { templateCategoryLabel } from './template.ts';

/** How a template's History reads: its category by its label, as the form and lists show it. */
export const useTemplateHistory = fixedReading({
  fields: {
    category: { value: (category) => templateCategoryLabel(String(category)) },
    isFavorite: { label: 'Favorite' },
  },
});
