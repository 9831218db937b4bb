import { lazy, Suspense } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { sliceColor } from '@/features/portfolio/lib/palette';
import type { PieSlice } from '@/features/portfolio/lib/portfolio-rules';
import { formatPercent, formatPrice } from '@/lib/format';
import '@/features/portfolio/i18n';

const AllocationPie = lazy(() => import('./portfolio-charts').then((m) => ({ default: m.AllocationPie })));

/** 'Varlık Dağılımı': the pie of holdings and cash with its legend, and the net worth. */
export function AllocationCard({
  slices,
  netWorth,
  loading,
}: {
  slices: PieSlice[];
  netWorth: number | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('portfolio');
  return (
    <Card data-testid="allocation-card">
      <CardHeader>
        <CardTitle>{t('allocation.title')}</CardTitle>
        <CardDescription className="tabular-nums">
          {t('allocation.netWorth', { value: formatPrice(netWorth) })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="h-56">
          {loading ? (
            <Skeleton className="mx-auto size-52 rounded-full" />
          ) : slices.length === 0 ? (
            <p className="flex h-full items-center justify-center text-sm text-muted-foreground">
              {t('allocation.empty')}
            </p>
          ) : (
            <Suspense fallback={<Skeleton className="mx-auto size-52 rounded-full" />}>
              <AllocationPie slices={slices} />
            </Suspense>
          )}
        </div>
        <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="allocation-legend">
          {slices.map((slice, index) => (
            <li key={slice.name} className="flex items-center justify-between gap-2" data-slice={slice.name}>
              <span className="flex min-w-0 items-center gap-2">
                <span
                  className="size-2.5 shrink-0 rounded-full"
                  style={{ backgroundColor: sliceColor(index, slice.isCash, 'var(--neutral)') }}
                  aria-hidden="true"
                />
                <span className="truncate">{slice.name}</span>
              </span>
              <span className="tabular-nums text-muted-foreground">{formatPercent(slice.percent)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
