import { createContext, useContext } from 'react';
import {
  ADMIN_SCREEN_ACCESS,
  adminSessionUserSchema,
  hasPermission,
  meetsRequirement,
  type AdminScreenPath,
  type AdminSessionUser,
  type Permission,
} from '@bist/contracts';
import { ADMIN_STORAGE_KEYS, readAdminStorage, removeAdminStorage, writeAdminStorage } from './admin-storage';

/** The admin session of spec §4: its own token and staff user in the browser's storage. */
export interface AdminSession {
  token: string;
  user: AdminSessionUser;
}

/** A stored token plus a parseable stored user restores the session (to be verified); anything else clears both. */
export function restoreAdminSession(): AdminSession | null {
  const token = readAdminStorage(ADMIN_STORAGE_KEYS.token);
  const rawUser = readAdminStorage(ADMIN_STORAGE_KEYS.user);
  if (!token && !rawUser) return null;
  const user = parseUser(rawUser);
  if (!token || !user) {
    clearAdminSession();
    return null;
  }
  return { token, user };
}

function parseUser(raw: string | null): AdminSessionUser | null {
  if (!raw) return null;
  try {
    const parsed = adminSessionUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function persistAdminSession(session: AdminSession): void {
  writeAdminStorage(ADMIN_STORAGE_KEYS.token, session.token);
  writeAdminStorage(ADMIN_STORAGE_KEYS.user, JSON.stringify(session.user));
}

export function clearAdminSession(): void {
  removeAdminStorage(ADMIN_STORAGE_KEYS.token);
  removeAdminStorage(ADMIN_STORAGE_KEYS.user);
}

export function storedAdminToken(): string | null {
  return readAdminStorage(ADMIN_STORAGE_KEYS.token);
}

/** Spec §6: passes with `all` or the named permission. Null user never passes. */
export function adminCan(user: AdminSessionUser | null | undefined, permission: Permission): boolean {
  return user ? hasPermission(user.permissions, permission) : false;
}

/** Whether the user may see an admin screen (the same table the server enforces behind it). */
export function canAccessScreen(user: AdminSessionUser | null | undefined, path: AdminScreenPath): boolean {
  return user ? meetsRequirement(user.permissions, ADMIN_SCREEN_ACCESS[path]) : false;
}

/** Only admin paths may be returned to after sign-in: never another site, never the login page itself. */
export function safeAdminReturnPath(path: unknown): string | null {
  if (typeof path !== 'string') return null;
  if (!path.startsWith('/admin/') || path.startsWith('//')) return null;
  if (path === '/admin/login' || path.startsWith('/admin/login?') || path.startsWith('/admin/login#'))
    return null;
  return path;
}

export type AdminSessionStatus = 'verifying' | 'ready';

export interface AdminSessionContextValue {
  session: AdminSession | null;
  /** 'verifying' while a restored token is checked with /auth/verify (spec §4). */
  status: AdminSessionStatus;
  signIn: (session: AdminSession) => void;
  /** Revokes on the server when possible and always clears locally (spec §4). */
  signOut: () => Promise<void>;
  /** True after the user logged out here: the next sign-in starts at the dashboard, not at the last page. */
  signedOutByUser: boolean;
}

export const AdminSessionContext = createContext<AdminSessionContextValue | null>(null);

export function useAdminSession(): AdminSessionContextValue {
  const value = useContext(AdminSessionContext);
  if (!value) throw new Error('useAdminSession must be used inside <AdminSessionProvider>');
  return value;
}
