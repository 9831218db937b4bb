import { useTranslation } from '@/lib/use-translation';
import { usePlatformStats } from '@/features/landing/api/get-platform-stats';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber, formatPercent } from '@/lib/format';
import { cn } from '@/lib/utils';
import { UPTIME_MIN_SECONDS } from '@/features/landing/static/platform-stats-view';

/**
 * The landing figures an investor cares about, read live from /api/platform/stats: stocks, indices and the AI models
 * in service ('---' while loading or not yet known); the uptime only once the server has run for a week.
 */
export function LandingStats() {
  const { t } = useTranslation();
  const { data, isPending, isError } = usePlatformStats();

  const items = [
    { key: 'stocks', label: t('landing.stats.stocks'), value: formatNumber(data?.stocks) },
    { key: 'indices', label: t('landing.stats.indices'), value: formatNumber(data?.indices) },
    { key: 'algorithms', label: t('landing.stats.algorithms'), value: formatNumber(data?.algorithms) },
    ...(data && data.uptimeSeconds >= UPTIME_MIN_SECONDS
      ? [{ key: 'uptime', label: t('landing.stats.uptime'), value: formatPercent(data.uptimePercent, 1) }]
      : []),
  ];

  // The data-* attributes let the prerendered landing page (landing-static.ts) fill the same cards without React.
  return (
    <div
      data-landing-stats=""
      data-uptime-label={t('landing.stats.uptime')}
      data-unavailable={t('landing.stats.unavailable')}
    >
      <dl className={cn('grid grid-cols-2 gap-4', items.length === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3')}>
        {items.map((item) => (
          <div
            key={item.key}
            className="rounded-xl border bg-card p-6 text-center shadow-sm"
            data-testid={`stat-${item.key}`}
          >
            <dt className="text-sm text-muted-foreground">{item.label}</dt>
            <dd className="mt-2 text-3xl font-bold tracking-tight tabular-nums sm:text-4xl">
              {isPending ? <Skeleton className="mx-auto h-9 w-20 sm:h-10" /> : item.value}
            </dd>
          </div>
        ))}
      </dl>
      {isError ? (
        <p className="mt-4 text-center text-sm text-muted-foreground">{t('landing.stats.unavailable')}</p>
      ) : null}
    </div>
  );
}
