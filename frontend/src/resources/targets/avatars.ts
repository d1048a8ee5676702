import { splitPersonName } from '../../../../domain/person-name.ts';

/** Card view shows at most this many contact avatars, then '+N'. */
export const MAX_AVATARS = 5;

/** 'Jane van Doe' -> 'JD', 'Smith, John' -> 'JS': the first letters of the first and last name. */
export function initialsOf(name: string): string {
  const { firstName, lastName } = splitPersonName(name.trim());
  if (!firstName) return '?';
  return `${firstName[0]}${lastName?.[0] ?? ''}`.toUpperCase();
}

/** The contacts drawn as avatars and how many more there are. */
export function avatarsOf<T>(contacts: T[]): { shown: T[]; more: number } {
  return { shown: contacts.slice(0, MAX_AVATARS), more: Math.max(0, contacts.length - MAX_AVATARS) };
}
