/**
 * The text of the task a LinkedIn step writes: whom to visit and, when the contact has a profile
 * address, where, so the user need not look it up. Erasing the contact finds the task by this text.
 */
export function visitTaskText(name: string, linkedinUrl: string | null): string {
  return linkedinUrl ? `Visit ${name} on LinkedIn: ${linkedinUrl}` : `Visit ${name} on LinkedIn`;
}

/** Every text a step could have written for a person who had these names and profile addresses. */
export function visitTaskTexts(names: readonly string[], linkedinUrls: readonly string[]): string[] {
  return names.flatMap((name) => [visitTaskText(name, null), ...linkedinUrls.map((url) => visitTaskText(name, url))]);
}
