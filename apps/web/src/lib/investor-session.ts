import type { CustomerUser } from '@bist/contracts';
import { CUSTOMER_ROLES, OFFLINE_TOKEN_PREFIX } from '@bist/contracts/values';
import { createSessionStore, isString, oneOf, storedUserOf, type StoredSession } from '@/lib/session-store';
import { STORAGE_KEYS } from '@/lib/storage';

/** The investor's session: a token and the user, kept in local storage. */
export type Session = StoredSession<CustomerUser>;

/** The stored investor, held equal to customerUserSchema by a test. */
export const storedCustomerUser = storedUserOf<CustomerUser>({
  id: isString,
  email: isString,
  name: isString,
  role: oneOf(CUSTOMER_ROLES),
  avatar: (value) => value === null || isString(value),
});

export const investorSession = createSessionStore(
  { token: STORAGE_KEYS.token, user: STORAGE_KEYS.user },
  storedCustomerUser,
);

export function isOfflineToken(token: string): boolean {
  return token.startsWith(OFFLINE_TOKEN_PREFIX);
}

/**
 * The demo-mode session used when the server cannot be reached at sign-in: the offline prefix plus the time as
 * the token, the e-mail's part before '@' as the name, the investor role.
 */
export function createOfflineSession(email: string, now: number): Session {
  const trimmed = email.trim();
  const name = trimmed.split('@')[0] || trimmed;
  return {
    token: `${OFFLINE_TOKEN_PREFIX}${now}`,
    user: { id: `offline-${now}`, email: trimmed, name, role: 'investor', avatar: null },
  };
}
