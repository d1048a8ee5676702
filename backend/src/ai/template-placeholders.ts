import { placeholderCatalogue } from '../../../domain/placeholders/catalogue.ts';
import { checkTemplate } from '../../../domain/placeholders/engine.ts';
import type { GeneratedTemplate } from './provider.ts';

/** The names of every placeholder a template may use, as a model is told them. */
export const placeholderNames = placeholderCatalogue.flatMap((group) => group.placeholders.map((placeholder) => placeholder.name));

/** The placeholders of a template's subject and body that the catalogue lacks; null when either does not parse. */
function unknownPlaceholders(template: GeneratedTemplate): Set<string> | null {
  const subject = checkTemplate(template.subject);
  const body = checkTemplate(template.body);
  return subject.ok && body.ok ? new Set([...subject.unknown, ...body.unknown]) : null;
}

/**
 * Whether a model's rewrite of a template can be offered: it parses, and names no placeholder
 * outside the catalogue that the original did not already name (one would render as N/A in every email).
 */
export function keepsToKnownPlaceholders(rewrite: GeneratedTemplate, original: GeneratedTemplate): boolean {
  const allowed = unknownPlaceholders(original) ?? new Set<string>();
  const used = unknownPlaceholders(rewrite);
  return used !== null && [...used].every((name) => allowed.has(name));
}
