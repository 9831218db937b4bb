import { i18n } from '@/lib/i18n';
import en from './locales/en.json';
import tr from './locales/tr.json';

/** The KVKK section's strings live in their own 'privacy' namespace; importing this module registers them. */
export const PRIVACY_NS = 'privacy';

if (!i18n.hasResourceBundle('tr', PRIVACY_NS)) i18n.addResourceBundle('tr', PRIVACY_NS, tr, true, true);
if (!i18n.hasResourceBundle('en', PRIVACY_NS)) i18n.addResourceBundle('en', PRIVACY_NS, en, true, true);
