import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { logout } from '@/features/auth/api/logout';
import { isOfflineToken } from '@/lib/investor-session';
import { useSession } from '@/lib/session';

/**
 * Logout always clears token and user, even if the server call fails. The request is started first
 * (it reads the stored token synchronously), then the session is cleared without waiting for the answer.
 */
export function useSignOut(): () => void {
  const { session, signOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    if (session && !isOfflineToken(session.token)) {
      logout().catch((error: unknown) =>
        console.warn('Logout request failed; the local session is cleared anyway', error),
      );
    }
    signOut();
    queryClient.clear();
    void navigate('/login', { replace: true });
  }, [session, signOut, queryClient, navigate]);
}
