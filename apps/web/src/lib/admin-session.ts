import { createContext, useContext } from 'react';
import type { AdminScreenPath, AdminSessionUser, Permission } from '@bist/contracts';
import {
  ADMIN_ROLES,
  ADMIN_SCREEN_ACCESS,
  hasPermission,
  meetsRequirement,
  PERMISSIONS,
} from '@bist/contracts/values';
import { createSessionStore, type StoredSession } from '@/lib/session-store';
import { STORAGE_KEYS } from '@/lib/storage';

/** The staff member's session: its own token and user, never the investor's. */
export type AdminSession = StoredSession<AdminSessionUser>;

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * The stored staff user checked field by field, as adminSessionUserSchema would (a test holds the two together):
 * the admin pages restore the session first, and zod stays out of their bundles (decision 00NN-wt-zod).
 */
export const storedAdminUser = {
  safeParse(value: unknown): { success: true; data: AdminSessionUser } | { success: false } {
    if (typeof value !== 'object' || value === null) return { success: false };
    const v = value as Record<string, unknown>;
    const valid =
      isString(v.id) &&
      isString(v.name) &&
      isString(v.email) &&
      (ADMIN_ROLES as readonly unknown[]).includes(v.role) &&
      Array.isArray(v.permissions) &&
      v.permissions.every((p) => (PERMISSIONS as readonly unknown[]).includes(p)) &&
      isString(v.description);
    if (!valid) return { success: false };
    const user: AdminSessionUser = {
      id: v.id as string,
      name: v.name as string,
      email: v.email as string,
      role: v.role as AdminSessionUser['role'],
      permissions: [...(v.permissions as AdminSessionUser['permissions'])],
      description: v.description as string,
    };
    return { success: true, data: user };
  },
};

/** A restored admin session is verified with the server before it is trusted (the admin session provider). */
export const adminSession = createSessionStore(
  { token: STORAGE_KEYS.adminToken, user: STORAGE_KEYS.adminUser },
  storedAdminUser,
);

/** Passes with the `all` permission or the named one. No user never passes. */
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
