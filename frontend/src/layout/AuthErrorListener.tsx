import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLogout } from 'react-admin';
import { noteSignOutReason, onAuthError, onSessionChangedElsewhere, readToken, readUser, sessionSeenByTab } from '../providers/session.ts';

/**
 * Signs the user out when any call answers 401 (the global auth-error event), and follows what
 * another tab does to the session: signed out there, this tab goes to the sign-in screen too; signed
 * in there as another user, this tab starts again as that user instead of saving the first user's
 * typed records into the second one's account. The sign-in screen says why. Still the same user
 * there (a new email, or the new token a password change gave), this tab shows the stored user afresh
 * and goes on with the stored token, which every call reads.
 */
export function AuthErrorListener() {
  const logout = useLogout();
  const queryClient = useQueryClient();
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
      } else {
        void queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
      }
    });
  }, [logout, queryClient]);
  return null;
}
