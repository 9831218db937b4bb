import { createContext, useContext } from 'react';
import { customerUserSchema, OFFLINE_TOKEN_PREFIX, type CustomerUser } from '@bist/contracts';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** The customer session of spec §4: a token and the user, kept in local storage. */
export interface Session {
  token: string;
  user: CustomerUser;
}

/** Spec §4: a stored token plus a parseable stored user restores the session; unparseable data clears both. */
export function restoreSession(): Session | null {
  const token = readStorage(STORAGE_KEYS.token);
  const rawUser = readStorage(STORAGE_KEYS.user);
  if (!token && !rawUser) return null;
  const user = parseUser(rawUser);
  if (!token || !user) {
    clearStoredSession();
    return null;
  }
  return { token, user };
}

function parseUser(raw: string | null): CustomerUser | null {
  if (!raw) return null;
  try {
    const parsed = customerUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function persistSession(session: Session): void {
  writeStorage(STORAGE_KEYS.token, session.token);
  writeStorage(STORAGE_KEYS.user, JSON.stringify(session.user));
}

export function clearStoredSession(): void {
  removeStorage(STORAGE_KEYS.token);
  removeStorage(STORAGE_KEYS.user);
}

export function isOfflineToken(token: string): boolean {
  return token.startsWith(OFFLINE_TOKEN_PREFIX);
}

/** Spec §5/§9 offline fallback: demo prefix + timestamp token, name = e-mail before '@', investor role. */
export function createOfflineSession(email: string, now: number): Session {
  const trimmed = email.trim();
  const name = trimmed.split('@')[0] || trimmed;
  return {
    token: `${OFFLINE_TOKEN_PREFIX}${now}`,
    user: { id: `offline-${now}`, email: trimmed, name, role: 'investor', avatar: null },
  };
}

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
