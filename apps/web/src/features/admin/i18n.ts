import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import en from './locales/en.json';
import tr from './locales/tr.json';

/** The admin panel's strings live in their own 'admin' namespace; importing this module registers them. */
export const ADMIN_NS = 'admin';

/**
 * The admin panel is English as the spec writes it (issue 6 item 8), whatever language the investor side uses.
 * The strings go through i18n so a Turkish admin UI is one constant away (the 'tr' bundle is kept complete).
 */
export const ADMIN_LANGUAGE = 'en';

if (!i18n.hasResourceBundle('en', ADMIN_NS)) i18n.addResourceBundle('en', ADMIN_NS, en, true, true);
if (!i18n.hasResourceBundle('tr', ADMIN_NS)) i18n.addResourceBundle('tr', ADMIN_NS, tr, true, true);

export function useAdminTranslation() {
  return useTranslation(ADMIN_NS, { lng: ADMIN_LANGUAGE });
}

/** For code outside React (the admin API client). */
export function adminT(key: string, options?: Record<string, unknown>): string {
  return i18n.getFixedT(ADMIN_LANGUAGE, ADMIN_NS)(key, options);
}
