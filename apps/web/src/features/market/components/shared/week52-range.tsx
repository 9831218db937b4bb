import { useTranslation } from '@/lib/use-translation';
import { formatPercent, formatPrice } from '@/lib/format';
import '@/features/market/i18n';

/**
 * Where today's price sits in its 52-week range (lowest and highest close of the last year with today's price): the
 * two ends as text and a thin bar with a marker, read out as one sentence.
 */
export function Week52Range({
  low,
  high,
  price,
}: {
  low: number | null;
  high: number | null;
  price: number;
}) {
  const { t } = useTranslation('market');
  if (low === null || high === null) return <span className="text-muted-foreground">–</span>;
  const share = high > low ? Math.min(1, Math.max(0, (price - low) / (high - low))) : 0.5;
  return (
    <span
      className="inline-flex min-w-32 flex-col gap-1"
      role="img"
      aria-label={t('stocks.week52Label', {
        low: formatPrice(low),
        high: formatPrice(high),
        position: formatPercent(share * 100, 0),
      })}
      data-testid="week52-range"
    >
      <span
        className="flex justify-between gap-2 text-xs text-muted-foreground tabular-nums"
        aria-hidden="true"
      >
        <span>{formatPrice(low)}</span>
        <span>{formatPrice(high)}</span>
      </span>
      <span className="relative h-1 rounded-full bg-muted" aria-hidden="true">
        <span
          className="absolute top-1/2 size-2 -translate-x-1/2 -translate-y-1/2 rounded-full bg-primary"
          style={{ left: `${share * 100}%` }}
        />
      </span>
    </span>
  );
}
