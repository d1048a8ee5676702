import { useEffect } from 'react';
import { useLogout } from 'react-admin';
import { noteSignOutReason, onAuthError, onSessionChangedElsewhere, readToken, readUser, sessionSeenByTab } from '../providers/session.ts';

/**
 * Signs the user out when any call answers 401 (the global auth-error event), and follows what
 * another tab does to the session: signed out there, this tab goes to the sign-in screen too; signed
 * in there as another user, this tab starts again as that user instead of saving the first user's
 * typed records into the second one's account. The sign-in screen says why.
 */
export function AuthErrorListener() {
  const logout = useLogout();
  useEffect(
    () =>
      onAuthError((refused) => {
        // Only while a token is stored: later refusals come after this tab's sign-out, or another tab's, which the storage listener below names.
        if (readToken()) noteSignOutReason(refused.change ? 'expired-unsaved' : 'expired');
        void logout(undefined, undefined, false);
      }),
    [logout],
  );
  useEffect(() => {
    const ownUserId = readUser()?.id ?? '';
    return onSessionChangedElsewhere(() => {
      const seen = sessionSeenByTab(ownUserId, { token: readToken(), user: readUser() });
      if (seen === 'signed-out') {
        noteSignOutReason('elsewhere');
        void logout(undefined, undefined, false);
      } else if (seen === 'other-user') {
        window.location.hash = '#/';
        window.location.reload();
      }
    });
  }, [logout]);
  return null;
}
