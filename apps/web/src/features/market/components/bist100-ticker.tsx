import { useTranslation } from '@/lib/use-translation';
import type { MarketSummary } from '@bist/contracts';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { useMarketSummary } from '@/features/market/api/get-market-summary';
import { useComputedIndex } from '@/features/market/components/shared/source-line';
import { changeColorClass, formatChange, formatNumber, trendOf } from '@/lib/format';
import { cn } from '@/lib/utils';

const selectPerformance = (summary: MarketSummary) => summary.performance;

/**
 * BIST 100 level and daily change from /api/market/summary; '---' until market data exists. A level the product
 * computed from the members says so on hover and to screen readers (the source badge beside it explains).
 */
export function Bist100Ticker({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { data } = useMarketSummary(selectPerformance);
  const computed = useComputedIndex('XU100');
  const { t: tMarket } = useTranslation('market');
  const computedText = computed ? tMarket('source.computedIndex') : undefined;
  const change = data?.bist100_change ?? null;
  const trend = trendOf(change);
  const Icon = trend === 'up' ? ArrowUpRight : trend === 'down' ? ArrowDownRight : Minus;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap text-xs sm:gap-2 sm:text-sm',
        className,
      )}
      data-testid="bist100"
      title={computedText}
    >
      <span className="font-medium text-muted-foreground">{t('topbar.bist100')}</span>
      <span className="font-semibold tabular-nums">{formatNumber(data?.bist100_value, 2)}</span>
      <span
        className={cn('inline-flex items-center gap-0.5 font-medium tabular-nums', changeColorClass(change))}
      >
        {change === null ? null : <Icon className="size-3.5" aria-hidden="true" />}
        {formatChange(change)}
      </span>
      {computedText ? <span className="sr-only">{computedText}</span> : null}
    </span>
  );
}
