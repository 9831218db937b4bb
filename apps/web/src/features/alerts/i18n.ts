import { addResources } from '@/lib/i18n';
import tr from './locales/tr.json';

/** The alerts feature's strings live in their own 'alerts' namespace; importing this module registers them. */
export const ALERTS_NS = 'alerts';

addResources(ALERTS_NS, { tr, en: () => import('./locales/en.json') });
