import { addAdminStrings } from '@/lib/admin-i18n';
import en from './locales/en.json';

/** Importing this module adds the AI analytics page's strings to the admin namespace (English; see lib/admin-i18n). */
addAdminStrings({ en, tr: () => import('./locales/tr.json') });
