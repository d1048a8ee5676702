import { useEffect } from 'react';
import { useLogout } from 'react-admin';
import { onAuthError } from '../providers/session.ts';

/** Signs the user out when any call answers 401 (the global auth-error event). */
export function AuthErrorListener() {
  const logout = useLogout();
  useEffect(() => onAuthError(() => void logout(undefined, undefined, false)), [logout]);
  return null;
}
