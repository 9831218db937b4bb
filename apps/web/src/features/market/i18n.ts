import { i18n } from '@/lib/i18n';
import en from './locales/en.json';
import tr from './locales/tr.json';

/** The market feature's strings live in their own 'market' namespace; importing this module registers them. */
export const MARKET_NS = 'market';

if (!i18n.hasResourceBundle('tr', MARKET_NS)) i18n.addResourceBundle('tr', MARKET_NS, tr, true, true);
if (!i18n.hasResourceBundle('en', MARKET_NS)) i18n.addResourceBundle('en', MARKET_NS, en, true, true);
