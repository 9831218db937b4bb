import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { setAdminUnauthorizedHandler } from '@/lib/admin-api-client';
import { adminLogout } from '@/features/admin/api/admin-logout';
import { verifyAdmin } from '@/features/admin/api/verify-admin';
import {
  adminSession,
  AdminSessionContext,
  type AdminSession,
  type AdminSessionContextValue,
  type AdminSessionStatus,
} from '@/lib/admin-session';

const restore = () => adminSession.restore();

/**
 * The admin session, separate from the investor's. A restored token is verified once with /auth/verify; until then
 * guards wait, and a failed verification clears the stored credentials. Must sit inside the router.
 */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<AdminSession | null>(restore);
  // The token this tab got from a sign-in: the server just issued it, there is nothing to verify.
  const [issuedToken, setIssuedToken] = useState<string | null>(null);
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const token = session?.token ?? null;
  const needsVerify = token !== null && token !== issuedToken;
  const verify = useQuery({
    queryKey: ['admin-session', 'verify', token],
    queryFn: async ({ signal }) => {
      try {
        const user = await verifyAdmin(signal);
        if (token) adminSession.persist({ token, user });
        return user;
      } catch (error) {
        // A token the server no longer accepts is of no use to any later visit either.
        adminSession.clear();
        throw error;
      }
    },
    enabled: needsVerify,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  let effective: AdminSession | null = session;
  let status: AdminSessionStatus = 'ready';
  if (session && needsVerify) {
    if (verify.isPending) status = 'verifying';
    else if (verify.isError) effective = null;
    else effective = { token: session.token, user: verify.data };
  }

  const signIn = useCallback(
    (next: AdminSession) => {
      queryClient.removeQueries({ queryKey: ['admin'] });
      adminSession.persist(next);
      setIssuedToken(next.token);
      setSignedOutByUser(false);
      setSession(next);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    // The request reads the token before anything is cleared; the local session ends whatever the server says.
    const revoke = adminLogout().catch(() => undefined);
    adminSession.clear();
    setSignedOutByUser(true);
    setSession(null);
    setIssuedToken(null);
    queryClient.removeQueries({ queryKey: ['admin'] });
    await revoke;
  }, [queryClient]);

  useEffect(() => {
    setAdminUnauthorizedHandler(() => {
      setSession(null);
      setIssuedToken(null);
      void navigate('/admin/login', { replace: true });
    });
    return () => setAdminUnauthorizedHandler(null);
  }, [navigate]);

  // Another tab signing in or out of the admin panel changes the same storage: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (adminSession.isOwnKey(event.key)) setSession(restore());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<AdminSessionContextValue>(
    () => ({ session: effective, status, signIn, signOut, signedOutByUser }),
    [effective, status, signIn, signOut, signedOutByUser],
  );
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}
