import { http } from '../../providers/http.ts';
import type { EmailTemplate } from './template.ts';

export const templatesApi = {
  /** Stars or unstars a template: a change of its own, which an edit of its text elsewhere does not refuse. */
  setFavorite: (id: string, isFavorite: boolean) => http.put<EmailTemplate>(`/api/data/templates/${encodeURIComponent(id)}/favorite`, { isFavorite }),
};
