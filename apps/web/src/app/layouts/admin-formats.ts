import { useEffect } from 'react';
import { ADMIN_LANGUAGE } from '@/lib/admin-i18n';
import { setFormatLanguage } from '@/lib/format';
import { i18n } from '@/lib/i18n';

/**
 * The admin panel writes numbers, money and percents in English ('₺4,200.00', '17.5%') whatever language the investor
 * side was left in, so one row never mixes '₺4.200,00' with '0.35' (issue #34). Set during render, so an admin screen's
 * first render already formats in English; leaving the panel gives the formats back to the investor's language.
 */
export function useAdminFormats(): void {
  setFormatLanguage(ADMIN_LANGUAGE);
  useEffect(() => () => setFormatLanguage(i18n.language), []);
}
