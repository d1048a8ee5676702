import { checkEmailTemplate } from '../../../../domain/placeholders/index.ts';
import { createTemplateBody } from './commands.ts';

type TemplateDraft = { name: string; category: string; subject: string; body: string };

/** The placeholders of a template's subject and body the app does not fill, in lower case; none when either does not parse. */
function unfilledPlaceholders(template: Pick<TemplateDraft, 'subject' | 'body'>): string[] {
  const check = checkEmailTemplate(template);
  return check.ok ? check.unknown.map((name) => name.toLowerCase()) : [];
}

/**
 * Why a drafted template (an AI's) could not be offered, in words: what Save refuses (lengths, a
 * subject over two lines, placeholders that do not parse), and placeholders the app does not fill,
 * which would read N/A in every email. A rewrite of `original` may keep the ones the original has.
 * No problems: it can be saved and sent as it is.
 */
export function templateDraftProblems(draft: TemplateDraft, original?: Pick<TemplateDraft, 'subject' | 'body'>): string[] {
  const parsed = createTemplateBody.safeParse(draft);
  if (!parsed.success) return parsed.error.issues.map((issue) => issue.message);
  const kept = new Set(original ? unfilledPlaceholders(original) : []);
  const check = checkEmailTemplate(draft);
  return check.ok ? check.unknown.filter((name) => !kept.has(name.toLowerCase())).map((name) => `{{${name}}} is not a placeholder this app fills in.`) : [];
}
