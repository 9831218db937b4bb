import { addResources, fixedT, type LanguageBundles, type TranslateOptions } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import en from '@/locales/admin/en.json';

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

/** Adds strings to the admin namespace, beside what is already there (English bundled, Turkish loaded if ever used). */
export function addAdminStrings(bundles: LanguageBundles): void {
  addResources(ADMIN_NS, bundles, ADMIN_LANGUAGE);
}

addAdminStrings({ en, tr: () => import('@/locales/admin/tr.json') });

export function useAdminTranslation() {
  return useTranslation(ADMIN_NS, { lng: ADMIN_LANGUAGE });
}

/** For code outside React (the admin API client). */
export function adminT(key: string, options?: TranslateOptions): string {
  return fixedT(ADMIN_LANGUAGE, ADMIN_NS)(key, options);
}
