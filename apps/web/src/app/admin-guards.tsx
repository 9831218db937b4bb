import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingSplash } from '@/components/loading-splash';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useAdminSession } from '@/lib/admin-session';

export interface AdminFromState {
  from?: string;
}

/** Every /admin page but the login: without an admin session go to /admin/login, remembering where the user was going. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { t } = useAdminTranslation();
  const { session, status, signedOutByUser } = useAdminSession();
  const location = useLocation();
  if (status === 'verifying') return <LoadingSplash label={t('common.loading')} />;
  if (!session) {
    // After a deliberate logout the next person to sign in starts fresh, not on the previous user's page.
    const state: AdminFromState | undefined = signedOutByUser
      ? undefined
      : { from: `${location.pathname}${location.search}` };
    return <Navigate to="/admin/login" replace state={state} />;
  }
  return children;
}
