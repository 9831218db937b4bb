/**
 * Local storage keys. Each realm's session has its own token and user keys, so signing in to the admin panel never
 * touches the investor's session and the other way round. The theme key is also read by index.html.
 */
export const STORAGE_KEYS = {
  token: 'auth_token',
  user: 'user_data',
  adminToken: 'admin_token',
  adminUser: 'admin_user',
  theme: 'theme',
  language: 'language',
  /** demoMode from the last successful /health, so the offline login fallback knows it may apply. */
  demoMode: 'demo_mode',
  /** An investor's chart choices, one entry per user id: 'chart_settings:<user id>' (decision 0057). */
  chartSettings: 'chart_settings',
} as const;

export type StorageKey =
  (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS] | `${typeof STORAGE_KEYS.chartSettings}:${string}`;

/** localStorage can throw (privacy modes, quota); the app must keep working without it. */
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`localStorage write failed for ${key}`, error);
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch (error) {
    console.warn(`localStorage remove failed for ${key}`, error);
  }
}
