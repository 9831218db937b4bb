import { useTranslation } from '@/lib/use-translation';
import { PieChart } from 'lucide-react';
import type { MarketSummary } from '@bist/contracts';
import { DASHBOARD_SECTOR_LIST } from '@bist/contracts/values';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import '@/features/market/i18n';

/** The largest sectors by number of stocks, each with a bar of its share of the market (five times its width). */
export function SectorDistributionCard({
  data,
}: {
  data: Pick<MarketSummary, 'overview' | 'sector_distribution'> | undefined;
}) {
  const { t } = useTranslation('market');
  return (
    <Card data-testid="sector-distribution" className="md:col-span-2 xl:col-span-1">
      <CardHeader className="flex-row items-center gap-2">
        <PieChart className="size-4 text-muted-foreground" aria-hidden="true" />
        <CardTitle className="text-base">{t('dashboard.sectorDistribution')}</CardTitle>
      </CardHeader>
      <CardContent>
        {data ? (
          <ul className="space-y-3">
            {data.sector_distribution.slice(0, DASHBOARD_SECTOR_LIST).map((s) => {
              const share = data.overview.total_stocks > 0 ? (s.count / data.overview.total_stocks) * 100 : 0;
              return (
                <li key={s.sector}>
                  <div className="flex items-center justify-between gap-2 text-sm">
                    <span className="truncate">{s.sector}</span>
                    <span className="shrink-0 font-medium tabular-nums">
                      {t('dashboard.stockCount', { count: s.count })}
                    </span>
                  </div>
                  <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                    <div
                      className="h-full rounded-full bg-primary"
                      style={{ width: `${Math.min(100, share * 5)}%` }}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="py-6 text-center text-sm text-muted-foreground">{t('common.loading')}</p>
        )}
      </CardContent>
    </Card>
  );
}
