/**
 * The signed-in session kept in local storage (token and user) and the global
 * auth-error signal: any 401 from any call raises it and the app signs out.
 */

export type SessionUser = { id: string; name: string; email: string };

const TOKEN_KEY = 'charterline.token';
const USER_KEY = 'charterline.user';

/** Local storage when the page has one (tests in Node run without it). */
function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function readUser(): SessionUser | null {
  const raw = storage()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<SessionUser>;
    return typeof parsed.email === 'string' ? { id: String(parsed.id ?? ''), name: parsed.name ?? '', email: parsed.email } : null;
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: SessionUser): void {
  storage()?.setItem(TOKEN_KEY, token);
  storage()?.setItem(USER_KEY, JSON.stringify(user));
}

export function saveUser(user: SessionUser): void {
  storage()?.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  storage()?.removeItem(TOKEN_KEY);
  storage()?.removeItem(USER_KEY);
}

const authErrors = new EventTarget();
const AUTH_ERROR = 'auth-error';

/** Tells every listener that the server refused the session (a 401 answer). */
export function raiseAuthError(): void {
  authErrors.dispatchEvent(new Event(AUTH_ERROR));
}

/** Listens for the global auth error; returns the unsubscribe function. */
export function onAuthError(listener: () => void): () => void {
  authErrors.addEventListener(AUTH_ERROR, listener);
  return () => authErrors.removeEventListener(AUTH_ERROR, listener);
}
