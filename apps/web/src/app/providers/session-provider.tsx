import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { investorSession, isOfflineToken, type Session } from '@/lib/investor-session';
import { SessionContext, type SessionContextValue } from '@/lib/session';

const restore = () => investorSession.restore();

// The check of a restored session loads only when there is one: a guest's landing and login pages never load it.
const SessionCheck = lazy(() => import('./session-check'));

/** The investor's session. Must sit inside the router: a 401 anywhere sends the user to /login. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(restore);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const signIn = useCallback((next: Session) => {
    investorSession.persist(next);
    setSession(next);
  }, []);

  const signOut = useCallback(() => {
    investorSession.clear();
    setSession(null);
    queryClient.removeQueries({ queryKey: ['auth'] });
  }, [queryClient]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      setSession(null);
      void navigate('/login', { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate]);

  // Another tab signing in or out changes the same storage: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (investorSession.isOwnKey(event.key)) setSession(restore());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // The restored token may have expired or been revoked: ask the server once. A 401 clears it through the
  // API client; a network failure keeps the session (the app still works offline). Offline demo tokens are
  // unknown to the server, so they are not checked.
  const check = session !== null && !isOfflineToken(session.token);

  const value = useMemo<SessionContextValue>(
    () => ({ session, isLoading: false, signIn, signOut }),
    [session, signIn, signOut],
  );
  return (
    <SessionContext.Provider value={value}>
      {check ? (
        <Suspense fallback={null}>
          <SessionCheck token={session.token} />
        </Suspense>
      ) : null}
      {children}
    </SessionContext.Provider>
  );
}
