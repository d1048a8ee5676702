import type { AuthProvider } from 'react-admin';
import { ApiError, apiJson } from './http.ts';
import { clearSession, isUnsavedChange, readToken, readUser, saveSession, saveUser, type SessionUser } from './session.ts';

/**
 * react-admin auth on `/api/auth`. `login` also signs up when given a name (`register: true`), and
 * sets a new password with a reset link's token (`resetToken`), so the three screens share
 * react-admin's login flow and its redirect to `/`.
 */

export type SignInParams = { email: string; password: string };
export type SignUpParams = SignInParams & { register: true; name: string };
export type ResetParams = { resetToken: string; newPassword: string };

type AuthAnswer = { token: string; user: SessionUser };

export const SIGN_IN_PATH = '/signin';

/** The stored token is checked against the server once per page load; later checks only look for it. */
let verifiedToken: string | null = null;

async function verifySession(token: string): Promise<void> {
  if (verifiedToken === token) return;
  const user = await apiJson<SessionUser>('/api/auth/me', { skipAuthError: true });
  saveUser(user);
  verifiedToken = token;
}

export const authProvider: AuthProvider = {
  async login(params: SignInParams | SignUpParams | ResetParams) {
    const register = 'register' in params && params.register;
    try {
      const answer = 'resetToken' in params
        ? await apiJson<AuthAnswer>('/api/auth/password-reset/confirm', { method: 'POST', body: { token: params.resetToken, newPassword: params.newPassword }, skipAuthError: true })
        : register
        ? await apiJson<AuthAnswer>('/api/auth/register', {
            method: 'POST',
            body: { name: params.name, email: params.email, password: params.password },
            skipAuthError: true,
          })
        : await apiJson<AuthAnswer>('/api/auth/login', {
            method: 'POST',
            body: { email: params.email, password: params.password },
            skipAuthError: true,
          });
      saveSession(answer.token, answer.user);
      verifiedToken = answer.token;
    } catch (error) {
      // The screens show the server's message when there is one, else their own fallback.
      if (error instanceof ApiError && error.status > 0 && error.message !== 'API request failed') throw error;
      throw new Error(register ? 'Failed to sign up' : 'Failed to sign in', { cause: error });
    }
  },
  async logout() {
    // Revoke the token on the server too, so a copy of it is worthless; signing out never waits on or fails for it.
    if (readToken()) void apiJson('/api/auth/logout', { method: 'POST', skipAuthError: true }).catch(() => undefined);
    clearSession();
    verifiedToken = null;
    return SIGN_IN_PATH;
  },
  async checkAuth() {
    const token = readToken();
    if (!token) throw { redirectTo: SIGN_IN_PATH, message: false };
    try {
      await verifySession(token);
    } catch (error) {
      // Only the server's 401 ends the session, silently. A server that cannot be reached or fails
      // (a reload while it restarts) keeps the user signed in; the next check asks it again.
      if (!(error instanceof ApiError && error.status === 401)) return;
      clearSession();
      verifiedToken = null;
      throw { redirectTo: SIGN_IN_PATH, message: false };
    }
  },
  async checkError(error: { status?: number }) {
    // A refused change stays a failure for the screen that asked for it: answered as signed out here,
    // react-admin would resolve it with empty data and the screen would say 'Contact saved.' for a save
    // that never happened. The global auth-error event signs the user out all the same.
    if (error?.status === 401 && !isUnsavedChange(error)) {
      clearSession();
      verifiedToken = null;
      throw { redirectTo: SIGN_IN_PATH, message: false };
    }
  },
  async getIdentity() {
    const user = readUser();
    if (!user) throw new Error('Not signed in.');
    return { id: user.id, fullName: user.name || user.email, email: user.email };
  },
};
