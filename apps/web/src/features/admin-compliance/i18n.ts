import { addAdminStrings } from '@/lib/admin-i18n';
import en from './locales/en.json';

/** Importing this module adds the compliance page's strings to the admin namespace. */
addAdminStrings({ en, tr: () => import('./locales/tr.json') });
