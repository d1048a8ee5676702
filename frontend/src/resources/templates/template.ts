/**
 * Email templates as the screens use them: the record, its categories, the search over it and the
 * caret-aware insertion of a placeholder. Pure functions, unit tested under test/frontend.
 */

import type { TemplateCategory, TemplateRecord } from '../../../../domain/records/template.ts';
import { foldText } from '../../../../domain/format.ts';

export { templateCategories, templateCategoryLabel, templateCategoryLabels, type TemplateCategory } from '../../../../domain/records/template.ts';

export const DEFAULT_TEMPLATE_CATEGORY: TemplateCategory = 'introduction';

/** A template as the screens use it: they read the timestamps by their current names only. */
export type EmailTemplate = Omit<TemplateRecord, 'created' | 'updated'>;

export type TemplateDraft = Pick<EmailTemplate, 'name' | 'category' | 'subject' | 'body'>;

export const emptyTemplateDraft: TemplateDraft = { name: '', category: DEFAULT_TEMPLATE_CATEGORY, subject: '', body: '' };

/** The fields of a template a user edits. */
export const draftOf = ({ name, category, subject, body }: TemplateDraft): TemplateDraft => ({ name, category, subject, body });

/** Whether two templates read the same, field by field. */
export const sameDraft = (a: TemplateDraft, b: TemplateDraft) => a.name === b.name && a.category === b.category && a.subject === b.subject && a.body === b.body;

/** Templates whose name, subject, body or category contain every word of the query (any case); all for an empty query. */
export function filterTemplates<T extends Pick<EmailTemplate, 'name' | 'subject' | 'body' | 'category'>>(templates: readonly T[], query: string): T[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...templates];
  return templates.filter((template) => {
    const text = foldText(`${template.name}\n${template.subject}\n${template.body}\n${template.category}`);
    return words.every((word) => text.includes(word));
  });
}

/** What keeps a template from being saved: name, subject and body are required. */
export function templateProblems(draft: TemplateDraft): Partial<Record<'name' | 'subject' | 'body', string>> {
  const problems: Partial<Record<'name' | 'subject' | 'body', string>> = {};
  if (!draft.name.trim()) problems.name = 'Template name is required.';
  if (!draft.subject.trim()) problems.subject = 'Subject is required.';
  if (!draft.body.trim()) problems.body = 'Body is required.';
  return problems;
}

/** The confirm text before templates or workflows are deleted: one by its name (when known), several by their count. */
export function deleteConfirmText(type: 'template' | 'workflow', records: ReadonlyArray<{ name?: string }>): string {
  const [only] = records;
  return records.length === 1 && only.name
    ? `Are you sure you want to delete the ${type} named ${only.name}? This action cannot be undone.`
    : `Are you sure you want to delete ${records.length === 1 ? `this ${type}` : `these ${records.length} ${type}s`}? This action cannot be undone.`;
}

const quotedList = (names: string[]) => new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' }).format(names.map((name) => `"${name}"`));

/**
 * What deleting templates does to the workflows that send them: their steps with them are skipped for
 * every contact going through them. Empty when no workflow sends one.
 */
export function templateInUseText(templateIds: readonly string[], workflows: ReadonlyArray<{ name: string; steps: ReadonlyArray<{ templateId?: string | null }> }>): string {
  const deleted = new Set(templateIds);
  const names = workflows.filter((workflow) => workflow.steps.some((step) => step.templateId && deleted.has(step.templateId))).map((workflow) => workflow.name);
  if (names.length === 0) return '';
  const what = deleted.size === 1 ? 'it' : 'one of them';
  return names.length === 1
    ? `The workflow ${quotedList(names)} sends ${what}: that email step will be skipped for everyone going through it.`
    : `The workflows ${quotedList(names)} send ${what}: those email steps will be skipped for everyone going through them.`;
}

/**
 * Puts `insert` in place of the selection [start, end) of `text` (at the end when the field never had
 * a caret) and answers the new text with the caret just after the insertion.
 */
export function insertAtSelection(text: string, insert: string, selection?: { start: number; end: number }): { text: string; caret: number } {
  const start = Math.max(0, Math.min(selection?.start ?? text.length, text.length));
  const end = Math.max(start, Math.min(selection?.end ?? start, text.length));
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}
