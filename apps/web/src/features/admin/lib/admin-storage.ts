/** The admin session's own storage keys (spec §4/§9: separate from the customer token and user). */
export const ADMIN_STORAGE_KEYS = {
  token: 'admin_token',
  user: 'admin_user',
} as const;

type AdminStorageKey = (typeof ADMIN_STORAGE_KEYS)[keyof typeof ADMIN_STORAGE_KEYS];

export function readAdminStorage(key: AdminStorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeAdminStorage(key: AdminStorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`localStorage write failed for ${key}`, error);
  }
}

export function removeAdminStorage(key: AdminStorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch (error) {
    console.warn(`localStorage remove failed for ${key}`, error);
  }
}
