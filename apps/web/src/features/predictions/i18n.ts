import { addResources } from '@/lib/i18n';
import tr from './locales/tr.json';

/** The predictions feature's strings live in their own 'predictions' namespace; importing this module registers them. */
export const PREDICTIONS_NS = 'predictions';

addResources(PREDICTIONS_NS, { tr, en: () => import('./locales/en.json') });
