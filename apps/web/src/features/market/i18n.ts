import { addResources } from '@/lib/i18n';
import tr from './locales/tr.json';

/** The market feature's strings live in their own 'market' namespace; importing this module registers them. */
export const MARKET_NS = 'market';

addResources(MARKET_NS, { tr, en: () => import('./locales/en.json') });
