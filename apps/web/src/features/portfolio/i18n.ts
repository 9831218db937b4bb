import { i18n } from '@/lib/i18n';
import en from './locales/en.json';
import tr from './locales/tr.json';

/** The portfolio feature's strings live in their own 'portfolio' namespace; importing this module registers them. */
export const PORTFOLIO_NS = 'portfolio';

if (!i18n.hasResourceBundle('tr', PORTFOLIO_NS)) i18n.addResourceBundle('tr', PORTFOLIO_NS, tr, true, true);
if (!i18n.hasResourceBundle('en', PORTFOLIO_NS)) i18n.addResourceBundle('en', PORTFOLIO_NS, en, true, true);
