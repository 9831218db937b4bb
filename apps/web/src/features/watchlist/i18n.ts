import { i18n } from '@/lib/i18n';
import en from './locales/en.json';
import tr from './locales/tr.json';

/** The watchlist feature's strings live in their own 'watchlist' namespace; importing this module registers them. */
export const WATCHLIST_NS = 'watchlist';

if (!i18n.hasResourceBundle('tr', WATCHLIST_NS)) i18n.addResourceBundle('tr', WATCHLIST_NS, tr, true, true);
if (!i18n.hasResourceBundle('en', WATCHLIST_NS)) i18n.addResourceBundle('en', WATCHLIST_NS, en, true, true);
