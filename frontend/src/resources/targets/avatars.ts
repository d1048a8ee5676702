/** Card view shows at most this many contact avatars, then '+N'. */
export const MAX_AVATARS = 5;

/** 'Jane van Doe' -> 'JD': the first letters of the first and last words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return `${first}${last}`.toUpperCase();
}

/** The contacts drawn as avatars and how many more there are. */
export function avatarsOf<T>(contacts: T[]): { shown: T[]; more: number } {
  return { shown: contacts.slice(0, MAX_AVATARS), more: Math.max(0, contacts.length - MAX_AVATARS) };
}
