import { i18n } from '@/lib/i18n';
import en from './locales/en.json';
import tr from './locales/tr.json';

/** The alerts feature's strings live in their own 'alerts' namespace; importing this module registers them. */
export const ALERTS_NS = 'alerts';

if (!i18n.hasResourceBundle('tr', ALERTS_NS)) i18n.addResourceBundle('tr', ALERTS_NS, tr, true, true);
if (!i18n.hasResourceBundle('en', ALERTS_NS)) i18n.addResourceBundle('en', ALERTS_NS, en, true, true);
