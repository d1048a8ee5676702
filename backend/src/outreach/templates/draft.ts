import { checkEmailTemplate } from '../../../../domain/placeholders/index.ts';
import { createTemplateBody } from './commands.ts';

/**
 * Why a drafted template (an AI's) could not be offered, in words: what Save refuses (lengths, a
 * subject over two lines, placeholders that do not parse), and placeholders the app does not fill,
 * which would read N/A in every email. No problems: it can be saved and sent as it is.
 */
export function templateDraftProblems(draft: { name: string; category: string; subject: string; body: string }): string[] {
  const parsed = createTemplateBody.safeParse(draft);
  if (!parsed.success) return parsed.error.issues.map((issue) => issue.message);
  const check = checkEmailTemplate(draft);
  return check.ok ? check.unknown.map((name) => `{{${name}}} is not a placeholder this app fills in.`) : [];
}
