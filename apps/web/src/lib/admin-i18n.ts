import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import en from '@/locales/admin/en.json';
import tr from '@/locales/admin/tr.json';

/**
 * The admin panel's strings live in their own 'admin' namespace. This module registers the panel's shared strings
 * (layout, menu, roles, errors, access denied); each admin feature adds its own to the same namespace.
 */
export const ADMIN_NS = 'admin';

/**
 * The admin panel is English whatever language the investor side uses. Its strings still go through i18n, so a
 * Turkish admin UI is one constant away (the 'tr' bundles are kept complete).
 */
export const ADMIN_LANGUAGE = 'en';

/** Adds strings to the admin namespace, merged with what is already there. */
export function addAdminStrings(bundles: { en: object; tr: object }): void {
  i18n.addResourceBundle('en', ADMIN_NS, bundles.en, true, true);
  i18n.addResourceBundle('tr', ADMIN_NS, bundles.tr, true, true);
}

addAdminStrings({ en, tr });

export function useAdminTranslation() {
  return useTranslation(ADMIN_NS, { lng: ADMIN_LANGUAGE });
}

/** For code outside React (the admin API client). */
export function adminT(key: string, options?: Record<string, unknown>): string {
  return i18n.getFixedT(ADMIN_LANGUAGE, ADMIN_NS)(key, options);
}
