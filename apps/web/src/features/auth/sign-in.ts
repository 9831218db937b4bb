// What the investor's sign-in does with the server's answer, shared by the app's /login (LoginPage) and the
// prerendered /login (static/login-static.ts): no React, no i18n — the caller passes its words.
import { createOfflineSession, type Session } from '@/lib/investor-session';
import { credentialErrorsOf, type CredentialErrors } from '@/lib/credential-errors';
import { isApiError } from '@/lib/request-json';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** Only same-app paths: a crafted `from` or `redirect` must never send the user to another site. */
export function safePath(path: unknown): string | null {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && path !== '/login'
    ? path
    : null;
}

/** Remembers demoMode from a successful /health so the offline sign-in (demo only) works when the server is gone. */
export function rememberDemoMode(demoMode: boolean): void {
  writeStorage(STORAGE_KEYS.demoMode, demoMode ? 'true' : 'false');
}

/** demoMode from the last successful /health; false when the app has never seen one. */
export function rememberedDemoMode(): boolean {
  return readStorage(STORAGE_KEYS.demoMode) === 'true';
}

export type SignInFailure =
  /** Demo mode and no server: an offline demo session for the filled form. */
  | { kind: 'offline'; session: Session }
  | { kind: 'refused'; fieldErrors: CredentialErrors; formError: string | null };

/**
 * A failed POST /api/auth/login: the server's field errors under their fields, else one form error (the server's
 * words, or the kind of failure's message); in demo mode without a server a filled form opens an offline session.
 */
export function signInFailure(
  error: unknown,
  input: { email: string; password: string; now: number },
  words: { invalidCredentials: string; failed: string },
): SignInFailure {
  if (isApiError(error) && error.kind === 'network' && rememberedDemoMode()) {
    if (input.email.trim() && input.password)
      return { kind: 'offline', session: createOfflineSession(input.email, input.now) };
    return { kind: 'refused', fieldErrors: {}, formError: words.invalidCredentials };
  }
  if (!isApiError(error)) return { kind: 'refused', fieldErrors: {}, formError: words.failed };
  const fieldErrors = credentialErrorsOf(error);
  if (Object.keys(fieldErrors).length > 0) return { kind: 'refused', fieldErrors, formError: null };
  const serverSaid =
    error.kind === 'network' || error.kind === 'unavailable' ? error.message : error.serverError;
  return { kind: 'refused', fieldErrors, formError: serverSaid ?? words.failed };
}
