import { addResources } from '@/lib/i18n';
import tr from './locales/tr.json';

/** The KVKK section's strings live in their own 'privacy' namespace; importing this module registers them. */
export const PRIVACY_NS = 'privacy';

addResources(PRIVACY_NS, { tr, en: () => import('./locales/en.json') });
