import { use, useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_NS, fixedT, i18n, loadResources, subscribeLanguage, type Language } from '@/lib/i18n';

const currentLanguage = () => i18n.language;

/**
 * `t` for a namespace in the investor's language (or in `lng`, fixed), and `i18n` for its language. A component
 * re-renders when the language changes; it suspends while its namespace's strings in that language are still on
 * their way (a feature's chunk opened in English), so it never shows keys.
 */
export function useTranslation(ns: string = DEFAULT_NS, options?: { lng?: Language }) {
  const active = useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
  const lng = options?.lng ?? active;
  const t = useMemo(() => fixedT(lng, ns), [lng, ns]);
  const loading = loadResources(ns, lng);
  if (loading) use(loading);
  return { t, i18n };
}
