import { countOf } from '../../../../domain/format.ts';
import type { Contact, ContactDraft } from './types.ts';

/**
 * Contact form rules: bank required when adding and banks are offered; full name and job title
 * required; email optional but email-shaped; LinkedIn URL optional but a web address. The server
 * checks the same and its field messages win when they differ.
 */
export type ContactFieldErrors = Partial<Record<'bankId' | 'name' | 'title' | 'email' | 'linkedinUrl' | 'tags', string>>;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emptyContactDraft(bankId: number | null): ContactDraft {
  return { bankId, name: '', title: '', email: '', linkedinUrl: '', tags: [] };
}

export function draftOf(contact: Contact): ContactDraft {
  return {
    bankId: contact.bankId,
    name: contact.name,
    title: contact.title,
    email: contact.email ?? '',
    linkedinUrl: contact.linkedinUrl ?? '',
    tags: contact.tags,
  };
}

/** A web address as typed, with `https://` when the scheme is missing (people type `linkedin.com/in/jane`). */
export function withScheme(url: string): string {
  const text = url.trim();
  if (!text) return '';
  return /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
}

export function isWebUrl(text: string): boolean {
  try {
    const url = new URL(withScheme(text));
    return (url.protocol === 'https:' || url.protocol === 'http:') && /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

export function validateContactDraft(draft: ContactDraft, options: { bankRequired: boolean }): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  if (options.bankRequired && !draft.bankId) errors.bankId = 'Choose a bank.';
  if (!draft.name.trim()) errors.name = 'Full name is required.';
  if (!draft.title.trim()) errors.title = 'Job title is required.';
  if (draft.email.trim() && !EMAIL_SHAPE.test(draft.email.trim())) errors.email = 'Enter a valid email address, like name@bank.com.';
  if (draft.linkedinUrl.trim() && !isWebUrl(draft.linkedinUrl)) errors.linkedinUrl = 'Enter a valid LinkedIn URL, like https://www.linkedin.com/in/name.';
  return errors;
}

/**
 * A contact's automations (active or paused) were started for the bank they were at: moving them to
 * another bank stops every one at the scheduler's next round. Null while the bank stays, or when none runs.
 */
export function bankChangeWarning({ savedBankId, chosenBankId, runningAutomations }: { savedBankId: number | null; chosenBankId: number | null; runningAutomations: number }): string | null {
  if (chosenBankId === null || chosenBankId === savedBankId || runningAutomations === 0) return null;
  return `Changing the bank stops this contact's ${countOf(runningAutomations, 'running automation')}.`;
}

/** The body sent to the API: trimmed text, blanks as null, tags trimmed without duplicates. */
export function contactPayload(draft: ContactDraft, bankName: string | null): Record<string, unknown> {
  const seen = new Set<string>();
  const tags = draft.tags
    .map((tag) => tag.trim())
    .filter((tag) => {
      const key = tag.toLowerCase();
      if (!tag || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return {
    bankId: draft.bankId,
    ...(bankName ? { bankName } : {}),
    name: draft.name.trim(),
    title: draft.title.trim(),
    email: draft.email.trim() || null,
    linkedinUrl: draft.linkedinUrl.trim() ? withScheme(draft.linkedinUrl) : null,
    tags,
  };
}
