import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { AdminScreenPath } from '@bist/contracts';
import { canAccessScreen, useAdminSession } from '@/features/admin/lib/admin-session';
import { AccessDenied } from './access-denied';
import { AdminSplash } from './admin-splash';

export interface AdminFromState {
  from?: string;
}

/** /admin/* (spec §2): without an admin session go to /admin/login, remembering where the user was going. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { session, status, signedOutByUser } = useAdminSession();
  const location = useLocation();
  if (status === 'verifying') return <AdminSplash />;
  if (!session) {
    // After a deliberate logout the next person to sign in starts fresh, not on the previous user's page.
    const state: AdminFromState | undefined = signedOutByUser
      ? undefined
      : { from: `${location.pathname}${location.search}` };
    return <Navigate to="/admin/login" replace state={state} />;
  }
  return children;
}

/** A screen that needs a permission (spec §6): the 'Access Denied' view otherwise. The server refuses anyway. */
export function RequireAdminScreen({
  path,
  deniedMessage,
  children,
}: {
  path: AdminScreenPath;
  deniedMessage: string;
  children: ReactNode;
}) {
  const { session } = useAdminSession();
  if (!canAccessScreen(session?.user, path)) return <AccessDenied message={deniedMessage} />;
  return children;
}
