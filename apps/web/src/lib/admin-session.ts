import { createContext, useContext } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { AdminSessionUser, Permission, PermissionRequirement } from '@bist/contracts';
import { ADMIN_ROLES, hasPermission, meetsRequirement, PERMISSIONS } from '@bist/contracts/values';
import { createSessionStore, isString, oneOf, storedUserOf, type StoredSession } from '@/lib/session-store';
import { STORAGE_KEYS } from '@/lib/storage';

/** The staff member's session: its own token and user, never the investor's. */
export type AdminSession = StoredSession<AdminSessionUser>;

/** The stored staff member, held equal to adminSessionUserSchema by a test. */
export const storedAdminUser = storedUserOf<AdminSessionUser>({
  id: isString,
  name: isString,
  email: isString,
  role: oneOf(ADMIN_ROLES),
  permissions: (value) => Array.isArray(value) && value.every(oneOf(PERMISSIONS)),
  description: isString,
});

/** A restored admin session is verified with the server before it is trusted (the admin session provider). */
export const adminSession = createSessionStore(
  { token: STORAGE_KEYS.adminToken, user: STORAGE_KEYS.adminUser },
  storedAdminUser,
);

/** Passes with the `all` permission or the named one. No user never passes. */
export function adminCan(user: AdminSessionUser | null | undefined, permission: Permission): boolean {
  return user ? hasPermission(user.permissions, permission) : false;
}

/** An admin screen as the web's route table (app/route-table.ts) describes it to the admin layout. */
export interface AdminScreen {
  path: string;
  /** The same requirement the server enforces on the API behind the screen. */
  access: PermissionRequirement;
  /** The admin-namespace key of its 'Access Denied' sentence. */
  deniedKey?: string;
  nav?: { to: string; labelKey: string; icon: LucideIcon };
}

/** The admin screens, provided by the admin layout from the route table; none outside it (nothing opens). */
export const AdminScreensContext = createContext<readonly AdminScreen[]>([]);

/** Whether the user may open the screen at `path`: never a path that is not an admin screen, never without a user. */
export function canAccessScreen(
  user: AdminSessionUser | null | undefined,
  screens: readonly AdminScreen[],
  path: string,
): boolean {
  const screen = screens.find((candidate) => candidate.path === path);
  return user && screen ? meetsRequirement(user.permissions, screen.access) : false;
}

/** `canAccessScreen` for the signed-in staff member and the screens of the layout around the caller. */
export function useCanAccessScreen(): (path: string) => boolean {
  const { session } = useAdminSession();
  const screens = useContext(AdminScreensContext);
  return (path) => canAccessScreen(session?.user, screens, path);
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
  /** 'verifying' while a restored token is checked with the server. */
  status: AdminSessionStatus;
  signIn: (session: AdminSession) => void;
  /** Revokes the session on the server when it can and always clears it locally. */
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
