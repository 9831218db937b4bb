import { addResources } from '@/lib/i18n';
import tr from './locales/tr.json';

/** The watchlist feature's strings live in their own 'watchlist' namespace; importing this module registers them. */
export const WATCHLIST_NS = 'watchlist';

addResources(WATCHLIST_NS, { tr, en: () => import('./locales/en.json') });
