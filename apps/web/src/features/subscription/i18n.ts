import { addResources } from '@/lib/i18n';
import tr from './locales/tr.json';

/** The subscription feature's strings live in their own 'subscription' namespace; importing this module registers them. */
export const SUBSCRIPTION_NS = 'subscription';

addResources(SUBSCRIPTION_NS, { tr, en: () => import('./locales/en.json') });
