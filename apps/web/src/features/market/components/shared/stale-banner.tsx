import { useTranslation } from '@/lib/use-translation';
import { Clock } from 'lucide-react';
import type { Freshness } from '@bist/contracts';
import { formatAge, formatDateTime } from '@/features/market/lib/format-market';
import '@/features/market/i18n';

/** 'Veriler gecikmeli' with the data's age, shown only when the server serves its last good data. */
export function StaleBanner({ freshness }: { freshness: Freshness | undefined }) {
  const { t } = useTranslation('market');
  if (!freshness?.stale) return null;
  return (
    <div
      role="status"
      data-testid="stale-banner"
      className="flex items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-2.5 text-sm font-medium text-amber-800 dark:text-amber-300"
    >
      <Clock className="size-4 shrink-0" aria-hidden="true" />
      {freshness.ageSeconds === null
        ? t('common.stale')
        : t('common.staleAge', {
            age: formatAge(freshness.ageSeconds),
            time: formatDateTime(freshness.asOf),
          })}
    </div>
  );
}
