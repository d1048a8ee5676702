/** Words a reader knows in another case than an identifier's lower case. */
const properWords: Record<string, string> = { id: 'ID', url: 'URL', linkedin: 'LinkedIn', ai: 'AI', api: 'API', csv: 'CSV', smtp: 'SMTP', fdic: 'FDIC' };

/**
 * An event type or a field name as a label in sentence case: 'ContactLinkedinUrlChanged' ->
 * 'Contact LinkedIn URL changed', 'verification.result' -> 'Verification result'.
 */
export function labelOf(identifier: string): string {
  const words = identifier
    .replace(/[._]/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim()
    .split(/\s+/)
    .map((word) => properWords[word] ?? word);
  const label = words.join(' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}
