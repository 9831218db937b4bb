import { useMemo } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { Candle, HistoryRange } from '@bist/contracts';
import { HISTORY_RANGES } from '@bist/contracts/values';
import { CandlestickChart } from '@/components/charts/candlestick-chart';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { rsi } from '@/lib/indicators';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

const RANGE_DAYS: Partial<Record<HistoryRange, number>> = { '1A': 30, '3A': 91, '1Y': 365, '5Y': 1826 };

/**
 * When the stored history starts well after the chosen range would (e.g. '5Y' with three years of closes): the
 * first day shown, 'GG.AA.YYYY', so the range is labelled by what it shows. Null when the data covers the range.
 */
function shortHistory(range: HistoryRange, candles: readonly Candle[]): string | null {
  const days = RANGE_DAYS[range];
  const first = candles[0]?.time;
  const last = candles[candles.length - 1]?.time;
  if (!days || !first || !last || !/^\d{4}-\d{2}-\d{2}$/.test(first)) return null;
  const covered = (Date.parse(last.slice(0, 10)) - Date.parse(first)) / 86_400_000;
  if (covered >= days * 0.9) return null;
  const [y, m, d] = first.split('-');
  return `${d}.${m}.${y}`;
}

/** The candle chart with its range buttons and the legend of the moving averages and the latest RSI 14. */
export function StockChartCard({
  symbol,
  range,
  onRangeChange,
  candles,
  loading,
  failed,
}: {
  symbol: string;
  range: HistoryRange;
  onRangeChange: (range: HistoryRange) => void;
  candles: readonly Candle[];
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation('market');
  const lastRsi = useMemo(() => {
    const values = rsi(
      candles.map((c) => c.close),
      14,
    );
    return values[values.length - 1] ?? null;
  }, [candles]);
  const coverage = shortHistory(range, candles);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="text-base">{t('stock.chart')}</CardTitle>
        <div role="group" aria-label={t('stock.chart')} className="inline-flex rounded-lg bg-muted p-1">
          {HISTORY_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={range === r}
              title={t(`stock.rangeNames.${r}`)}
              onClick={() => onRangeChange(r)}
              className={cn(
                'min-w-9 cursor-pointer rounded-md px-2 py-1 text-xs max-sm:min-w-11 font-semibold text-muted-foreground transition-colors hover:text-foreground',
                range === r && 'bg-card text-foreground shadow-sm',
              )}
            >
              {t(`stock.ranges.${r}`)}
            </button>
          ))}
        </div>
      </CardHeader>
      <CardContent>
        <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <span className="h-0.5 w-4 rounded bg-primary" aria-hidden="true" />
            {t('stock.sma20')}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="h-0.5 w-4 rounded bg-amber-600" aria-hidden="true" />
            {t('stock.sma50')}
          </span>
          <span className="inline-flex items-center gap-1.5" title={t('stock.rsiHint')}>
            <span className="h-0.5 w-4 rounded bg-purple-600" aria-hidden="true" />
            {t('stock.rsi')}:{' '}
            <span className="font-medium text-foreground tabular-nums" data-testid="rsi-value">
              {formatNumber(lastRsi, 1)}
            </span>
          </span>
          {coverage ? (
            <span className="ml-auto" data-testid="range-coverage">
              {t('stock.coverage', { date: coverage })}
            </span>
          ) : null}
        </div>
        <div className="relative">
          {loading ? (
            <Skeleton className="h-[480px] w-full" />
          ) : candles.length === 0 ? (
            <div className="flex h-[480px] items-center justify-center rounded-lg bg-muted/40 px-6 text-center text-sm text-muted-foreground">
              {failed ? t('errors.stock') : t('stock.noCandles')}
            </div>
          ) : (
            <CandlestickChart
              candles={candles}
              label={t('stock.chartLabel', { symbol })}
              summarize={(words) => t('stock.chartSummary', words)}
              readoutLabels={{
                open: t('stock.readout.open'),
                high: t('stock.readout.high'),
                low: t('stock.readout.low'),
                close: t('stock.readout.close'),
                volume: t('stock.readout.volume'),
              }}
            />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
