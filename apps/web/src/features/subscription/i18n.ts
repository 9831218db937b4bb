import { i18n } from '@/lib/i18n';
import en from './locales/en.json';
import tr from './locales/tr.json';

/** The subscription feature's strings live in their own 'subscription' namespace; importing this module registers them. */
export const SUBSCRIPTION_NS = 'subscription';

if (!i18n.hasResourceBundle('tr', SUBSCRIPTION_NS))
  i18n.addResourceBundle('tr', SUBSCRIPTION_NS, tr, true, true);
if (!i18n.hasResourceBundle('en', SUBSCRIPTION_NS))
  i18n.addResourceBundle('en', SUBSCRIPTION_NS, en, true, true);
