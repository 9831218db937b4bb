import { addResources } from '@/lib/i18n';
import tr from './locales/tr.json';

/** The portfolio feature's strings live in their own 'portfolio' namespace; importing this module registers them. */
export const PORTFOLIO_NS = 'portfolio';

addResources(PORTFOLIO_NS, { tr, en: () => import('./locales/en.json') });
