import { useId, useMemo, useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { useTranslation } from '@/lib/use-translation';
import type { Candle, HistoryRange, RangeUnits } from '@bist/contracts';
import { HISTORY_RANGES } from '@bist/contracts/values';
import { CandlestickChart, chartIndicators } from '@/components/charts/candlestick-chart';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { averageColor, averageId, BOLLINGER_COLOR, MACD_COLOR, RSI_COLOR } from '@/lib/chart-settings';
import { formatNumber } from '@/lib/format';
import { RangeUnitsSummary } from '@/features/market/components/shared/range-units';
import { ChartSettingsPanel } from './chart-settings-panel';
import { useChartSettings } from './use-chart-settings';
import '@/features/market/i18n';

const NO_CANDLES: readonly Candle[] = [];

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

/**
 * The stock's chart with its range buttons, the investor's indicator choices (kept per user, decision 0057) and
 * their legend with the latest RSI and MACD. The indicators are computed over the warm-up candles before the window
 * too, so they start at its first candle.
 */
export function StockChartCard({
  symbol,
  range,
  onRangeChange,
  candles,
  warmup = NO_CANDLES,
  units,
  loading,
  failed,
}: {
  symbol: string;
  range: HistoryRange;
  onRangeChange: (range: HistoryRange) => void;
  candles: readonly Candle[];
  /** The history's warm-up candles before `candles`. */
  warmup?: readonly Candle[];
  /** The daily range's change nominal, in dollars and in real lira (the history's `units`). */
  units?: RangeUnits | null;
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation('market');
  const [settings, setSettings] = useChartSettings();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const latest = useMemo(() => {
    const indicators = chartIndicators(candles, warmup, { ...settings, averages: [], bollinger: false });
    return {
      rsi: indicators.rsi?.at(-1) ?? null,
      macd: indicators.macd?.macd.at(-1) ?? null,
      signal: indicators.macd?.signal.at(-1) ?? null,
    };
  }, [candles, warmup, settings]);
  const coverage = shortHistory(range, candles);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="text-base">{t('stock.chart')}</CardTitle>
        <SegmentedControl
          label={t('stock.chart')}
          options={HISTORY_RANGES.map((r) => ({
            value: r,
            text: t(`stock.ranges.${r}`),
            title: t(`stock.rangeNames.${r}`),
          }))}
          value={range}
          onChange={onRangeChange}
        />
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm font-medium hover:bg-muted"
          data-testid="chart-settings-toggle"
        >
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          {t('stock.settings.open')}
        </button>
      </CardHeader>
      <CardContent>
        {open ? <ChartSettingsPanel id={panelId} settings={settings} onChange={setSettings} /> : null}
        <div
          className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground"
          data-testid="chart-legend"
        >
          {settings.averages.map((average, i) => (
            <span key={averageId(average)} className="inline-flex items-center gap-1.5">
              <span
                className="h-0.5 w-4 rounded"
                style={{ backgroundColor: averageColor(i) }}
                aria-hidden="true"
              />
              {t(`stock.settings.${average.kind}Short`, { period: average.period })}
            </span>
          ))}
          {settings.bollinger ? (
            <span className="inline-flex items-center gap-1.5">
              <span
                className="h-0.5 w-4 rounded"
                style={{ backgroundColor: BOLLINGER_COLOR }}
                aria-hidden="true"
              />
              {t('stock.settings.bollinger')}
            </span>
          ) : null}
          {settings.rsi ? (
            <span className="inline-flex items-center gap-1.5" title={t('stock.rsiHint')}>
              <span className="h-0.5 w-4 rounded" style={{ backgroundColor: RSI_COLOR }} aria-hidden="true" />
              {t('stock.rsi')}:{' '}
              <span className="font-medium text-foreground tabular-nums" data-testid="rsi-value">
                {formatNumber(latest.rsi, 1)}
              </span>
            </span>
          ) : null}
          {settings.macd ? (
            <span className="inline-flex items-center gap-1.5">
              <span
                className="h-0.5 w-4 rounded"
                style={{ backgroundColor: MACD_COLOR }}
                aria-hidden="true"
              />
              {t('stock.settings.macd')}:{' '}
              <span className="font-medium text-foreground tabular-nums" data-testid="macd-value">
                {formatNumber(latest.macd, 2)} / {formatNumber(latest.signal, 2)}
              </span>
            </span>
          ) : null}
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
              warmup={warmup}
              settings={settings}
              // Two lower panes (RSI and MACD) get room of their own rather than squeezing the prices.
              height={settings.rsi && settings.macd ? 600 : 480}
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
        {!loading && candles.length > 0 ? (
          <div className="mt-3 border-t pt-3">
            <RangeUnitsSummary units={units} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
