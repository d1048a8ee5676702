import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider, useNavigate } from 'react-admin';
import type { ResetParams, SignInParams, SignUpParams } from '../../providers/authProvider.ts';

/**
 * Signs in (or up, or with a new password from a reset link) and goes to `/`. The public screens live inside react-admin's router, whose cached
 * "not signed in" answer would send the user straight back: the session check is re-run first, and
 * anything cached for a previous user is dropped.
 */
export function useSignIn() {
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (params: SignInParams | SignUpParams | ResetParams) => {
      if (!authProvider) throw new Error('Charterline has no auth provider.');
      await authProvider.login(params);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      await queryClient.resetQueries({ queryKey: ['auth'] });
      navigate('/');
    },
    [authProvider, queryClient, navigate],
  );
}
