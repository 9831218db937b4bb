import { readStorage, removeStorage, writeStorage, type StorageKey } from '@/lib/storage';

/** A signed-in session as the browser keeps it: the bearer token and the user it belongs to. */
export interface StoredSession<User> {
  token: string;
  user: User;
}

interface UserParser<User> {
  safeParse(value: unknown): { success: true; data: User } | { success: false };
}

/** Whether a stored value is right for one field of the user. */
type FieldCheck = (value: unknown) => boolean;

export const isString = (value: unknown): value is string => typeof value === 'string';
export const oneOf =
  (allowed: readonly unknown[]) =>
  (value: unknown): boolean =>
    allowed.includes(value);

/**
 * A stored user checked field by field and copied with exactly those fields, as the realm's zod schema would (each
 * realm's test holds the two together): every page restores its session first, and zod stays out of the bundles
 * (decision 0034).
 */
export function storedUserOf<User extends object>(checks: {
  [K in keyof User]-?: FieldCheck;
}): UserParser<User> {
  return {
    safeParse(value) {
      if (typeof value !== 'object' || value === null) return { success: false };
      const stored = value as Record<string, unknown>;
      const user: Record<string, unknown> = {};
      for (const [field, check] of Object.entries<FieldCheck>(checks)) {
        if (!check(stored[field])) return { success: false };
        user[field] = stored[field];
      }
      return { success: true, data: user as User };
    },
  };
}

/** One realm's session in local storage, under that realm's own token and user keys. */
export interface SessionStore<User> {
  /** A stored token plus a stored user that still parses; anything else clears both keys and gives null. */
  restore(): StoredSession<User> | null;
  persist(session: StoredSession<User>): void;
  clear(): void;
  token(): string | null;
  /** Whether a `storage` event (another tab) touched this session; a null key means all storage was cleared. */
  isOwnKey(key: string | null): boolean;
}

export function createSessionStore<User>(
  keys: { token: StorageKey; user: StorageKey },
  userSchema: UserParser<User>,
): SessionStore<User> {
  const parseUser = (raw: string | null): User | null => {
    if (!raw) return null;
    try {
      const parsed = userSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  const store: SessionStore<User> = {
    restore() {
      const token = readStorage(keys.token);
      const rawUser = readStorage(keys.user);
      if (!token && !rawUser) return null;
      const user = parseUser(rawUser);
      if (!token || !user) {
        store.clear();
        return null;
      }
      return { token, user };
    },
    persist(session) {
      writeStorage(keys.token, session.token);
      writeStorage(keys.user, JSON.stringify(session.user));
    },
    clear() {
      removeStorage(keys.token);
      removeStorage(keys.user);
    },
    token: () => readStorage(keys.token),
    isOwnKey: (key) => key === null || key === keys.token || key === keys.user,
  };
  return store;
}
