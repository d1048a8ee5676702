/**
 * The signed-in session kept in local storage (token and user) and the global
 * auth-error signal: a 401 from any call raises it and the app signs out, unless the session was
 * renewed while the call was under way (then the call is sent again: `sendWithSession`).
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

/**
 * The user a session token was issued to (the JWT's subject), read without checking its signature:
 * only to tell whether two tokens are the same user's. Read from the token itself, not from the stored
 * user, which another tab writes a moment after the token.
 */
function subjectOf(token: string | null): string | undefined {
  try {
    const payload = JSON.parse(atob((token ?? '').split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends a call with the session's token and, when the server refuses it (401) because the session was
 * renewed while the call was under way (a password change here or in another tab issues a new token),
 * sends it once more with the new token: a refusal by authentication changed nothing on the server,
 * and the user is still signed in. Only when the new token is the same user's: another user's (signed in
 * meanwhile in another tab) would make this user's change in that user's account. `refused` tells a
 * refusal by authentication from `send`'s outcome.
 */
export async function sendWithSession<Outcome>(send: (token: string | null) => Promise<Outcome>, refused: (outcome: Outcome) => boolean): Promise<Outcome> {
  const token = readToken();
  const outcome = await send(token);
  const now = readToken();
  const user = subjectOf(token);
  const renewed = now !== null && now !== token && user !== undefined && subjectOf(now) === user;
  return refused(outcome) && renewed ? send(now) : outcome;
}

const authErrors = new EventTarget();
const AUTH_ERROR = 'auth-error';

/** Tells every listener that the server refused the session (a 401 answer), and whether a change it refused was lost with it. */
export function raiseAuthError(refused: { change: boolean } = { change: false }): void {
  authErrors.dispatchEvent(new CustomEvent(AUTH_ERROR, { detail: refused }));
}

const UNSAVED_CHANGE = Symbol('unsaved change');

/** Marks a change (create, update, delete) the server refused with 401: it was not made. */
export function markUnsavedChange(error: unknown): void {
  if (error && typeof error === 'object') (error as { [UNSAVED_CHANGE]?: true })[UNSAVED_CHANGE] = true;
}

export function isUnsavedChange(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && (error as { [UNSAVED_CHANGE]?: true })[UNSAVED_CHANGE]);
}

/** Listens for the global auth error; returns the unsubscribe function. */
export function onAuthError(listener: (refused: { change: boolean }) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<{ change: boolean }>).detail ?? { change: false });
  authErrors.addEventListener(AUTH_ERROR, handler);
  return () => authErrors.removeEventListener(AUTH_ERROR, handler);
}

/** Why a tab was signed out without the user asking it to: the sign-in screen says so once. */
export type SignOutReason = 'expired' | 'expired-unsaved' | 'elsewhere' | 'account-deleted';

export const SIGN_OUT_MESSAGES: Record<SignOutReason, string> = {
  expired: 'Your session has expired. Please sign in again.',
  'expired-unsaved': 'Your session expired before your last change was saved. Please sign in again and make it once more.',
  elsewhere: 'You signed out in another tab. Sign in again to continue.',
  'account-deleted': "Your account was deleted. Your contacts' personal data is being erased.",
};

let pendingSignOutReason: SignOutReason | null = null;

export function noteSignOutReason(reason: SignOutReason): void {
  pendingSignOutReason = reason;
}

/** The reason noted for the last sign-out, once (a later visit to the sign-in screen says nothing). */
export function takeSignOutReason(): SignOutReason | null {
  const reason = pendingSignOutReason;
  pendingSignOutReason = null;
  return reason;
}

/**
 * What the session stored now means for a tab signed in as `ownUserId`, after another tab changed it:
 * no token is a sign-out there; another user's is a sign-in as someone else, whose token every call of
 * this tab now sends, so its screens (the first user's records, forms, cached lists) must go. A token
 * whose user is not written yet is the same session until the user arrives.
 */
export function sessionSeenByTab(ownUserId: string, stored: { token: string | null; user: SessionUser | null }): 'same' | 'signed-out' | 'other-user' {
  if (!stored.token) return 'signed-out';
  if (stored.user && stored.user.id !== ownUserId) return 'other-user';
  return 'same';
}

/** Calls `listener` when another tab of the app changes the stored session (signs out, or in as someone). */
export function onSessionChangedElsewhere(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // A null key: the whole storage was cleared.
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => globalThis.removeEventListener?.('storage', onStorage);
}
