import { addResources } from '@/lib/i18n';
import tr from './locales/tr.json';

/** Opening and recovering an account: the 'auth' namespace; importing this module registers it. */
export const AUTH_NS = 'auth';

addResources(AUTH_NS, { tr, en: () => import('./locales/en.json') });
