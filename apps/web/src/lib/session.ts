import { createContext, useContext } from 'react';
import type { Session } from '@/lib/investor-session';

export interface SessionContextValue {
  session: Session | null;
  /** True until the stored session has been read (restoring is synchronous today, kept for guards). */
  isLoading: boolean;
  signIn: (session: Session) => void;
  /** Clears the session locally; the caller decides about the server call. */
  signOut: () => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
