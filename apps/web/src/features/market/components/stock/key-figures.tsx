import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { StockProfile } from '@/features/market/api/get-stock-profile';
import { formatAmount, formatPrice, formatVolume } from '@/lib/format';
import '@/features/market/i18n';

/** 'Temel Veriler': the day's prices (the live price widens the high and low), volumes, ranges and indices. */
export function KeyFigures({
  profile: p,
  price,
}: {
  profile: StockProfile | undefined;
  price: number | undefined;
}) {
  const { t } = useTranslation('market');
  const rows: [string, ReactNode][] = p
    ? [
        [t('stock.open'), formatPrice(p.open)],
        [t('stock.high'), formatPrice(Math.max(p.high, price ?? p.high))],
        [t('stock.low'), formatPrice(Math.min(p.low, price ?? p.low))],
        [t('stock.previousClose'), formatPrice(p.previous_close)],
        [t('stock.volume'), formatVolume(p.volume)],
        [t('stock.turnover'), formatAmount(p.turnover)],
        [t('stock.marketCap'), formatAmount(p.market_cap)],
        [t('stock.week52'), `${formatPrice(p.week52_low)} – ${formatPrice(p.week52_high)}`],
        [t('stock.avgVolume20'), formatVolume(p.avg_volume_20d)],
        [t('stock.priceBand'), `${formatPrice(p.price_band.lower)} – ${formatPrice(p.price_band.upper)}`],
        [t('stock.tickSize'), formatPrice(p.tick_size)],
      ]
    : [];
  return (
    <Card data-testid="key-figures">
      <CardHeader>
        <CardTitle className="text-base">{t('stock.keyFigures')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y text-sm">
          {p
            ? rows.map(([label, value]) => (
                <div key={label} className="flex items-center justify-between gap-3 py-2">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="text-right font-medium tabular-nums">{value}</dd>
                </div>
              ))
            : Array.from({ length: 11 }, (_, i) => (
                <div key={i} className="flex items-center justify-between gap-3 py-2">
                  <Skeleton className="h-4 w-28" />
                  <Skeleton className="h-4 w-20" />
                </div>
              ))}
          <div className="py-2">
            <dt className="text-muted-foreground">{t('stock.indices')}</dt>
            <dd className="mt-2 flex flex-wrap gap-1.5">
              {p ? (
                p.indices.length > 0 ? (
                  p.indices.map((code) => (
                    <Badge key={code} variant="outline">
                      {code}
                    </Badge>
                  ))
                ) : (
                  '---'
                )
              ) : (
                <Skeleton className="h-5 w-40" />
              )}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
