import { i18n } from '@/lib/i18n';
import en from './locales/en.json';
import tr from './locales/tr.json';

/** The predictions feature's strings live in their own 'predictions' namespace; importing this module registers them. */
export const PREDICTIONS_NS = 'predictions';

if (!i18n.hasResourceBundle('tr', PREDICTIONS_NS))
  i18n.addResourceBundle('tr', PREDICTIONS_NS, tr, true, true);
if (!i18n.hasResourceBundle('en', PREDICTIONS_NS))
  i18n.addResourceBundle('en', PREDICTIONS_NS, en, true, true);
