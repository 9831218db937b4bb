import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingSplash } from '@/components/loading-splash';
import { useSession } from '@/lib/session';

export interface FromState {
  from?: string;
}

/** Investor pages: without a session go to /login, remembering where the visitor was going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { session, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <LoadingSplash />;
  if (!session) {
    const state: FromState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}

/** Landing and /login: a signed-in investor goes to the dashboard instead. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { session, isLoading } = useSession();
  if (isLoading) return <LoadingSplash />;
  if (session) return <Navigate to="/dashboard" replace />;
  return children;
}
