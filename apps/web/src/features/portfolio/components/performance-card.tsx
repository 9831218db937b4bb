import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type {
  PerformancePoint,
  PerformanceRange,
  PortfolioOverview,
  ReturnComparisons,
} from '@bist/contracts';
import { UnitFigure } from '@/components/unit-figure';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { changeColorClass, formatChange, formatIsoDate, formatSignedPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import {
  cpiMonthsBehind,
  formatCpiMonth,
  inflationUnmeasured,
  sourceKey,
  type MissingReason,
} from '@/lib/return-units';
import {
  comparisonMissingReason,
  pointInUnit,
  RETURN_UNITS,
  unitUnavailableReason,
  type ReturnUnit,
} from '@/features/portfolio/lib/return-units';
import '@/features/portfolio/i18n';

const PerformanceChart = lazy(() =>
  import('./portfolio-charts').then((m) => ({ default: m.PerformanceChart })),
);

/** Ranges offered on the chart (the server also knows YTD). */
const RANGES: readonly PerformanceRange[] = ['1A', '3A', '6A', '1Y', 'ALL'];

/**
 * 'Performans': the portfolio's time-weighted return against XU100's return over the chosen range, in %; deposits
 * and withdrawals are marked, not plotted as performance. Beside them the range's returns in real lira, dollars and
 * gold and the deposit benchmark (decision 0063), with the CPI's month, method and source; the unit switch draws the
 * chart's two lines (and the screen readers' table) in the chosen unit.
 */
export function PerformanceCard({
  overview,
  comparisons,
  points,
  range,
  onRangeChange,
  loading,
  stale,
}: {
  overview: PortfolioOverview['overview'] | undefined;
  comparisons: ReturnComparisons | undefined;
  points: PerformancePoint[] | undefined;
  range: PerformanceRange;
  onRangeChange: (range: PerformanceRange) => void;
  loading: boolean;
  /** The previous range's data while the new one loads: dimmed. */
  stale: boolean;
}) {
  const { t } = useTranslation('portfolio');
  const { t: tShared } = useTranslation();
  const [chosenUnit, setUnit] = useState<ReturnUnit>('nominal');
  const reasonText = (reason: MissingReason) => tShared(reason.key, reason.values);
  const unavailable = Object.fromEntries(
    RETURN_UNITS.map((u) => [u, unitUnavailableReason(u, comparisons, points)]),
  ) as Record<ReturnUnit, MissingReason | null>;
  // A unit that the new range cannot show falls back to nominal lira (the choice is kept for the next range).
  const unit: ReturnUnit = unavailable[chosenUnit] ? 'nominal' : chosenUnit;
  return (
    <Card className="lg:col-span-2" data-testid="performance-card">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle>{t('performance.title')}</CardTitle>
          <CardDescription className="mt-1 flex flex-wrap gap-x-4 gap-y-1 tabular-nums">
            <span data-testid="twr">
              {t('performance.twr')}:{' '}
              <span className={cn('font-medium', changeColorClass(overview?.twr_percent))}>
                {formatChange(overview?.twr_percent)}
              </span>
            </span>
            <span data-testid="benchmark-return">
              {t('performance.benchmark')}:{' '}
              <span className={cn('font-medium', changeColorClass(overview?.benchmark_return_percent))}>
                {formatChange(overview?.benchmark_return_percent)}
              </span>
            </span>
          </CardDescription>
          {comparisons ? (
            <UnitReturns
              comparisons={comparisons}
              firstDate={points?.[0]?.date}
              lastDate={points?.at(-1)?.date}
              reasonText={reasonText}
            />
          ) : null}
        </div>
        <div className="flex flex-col items-start gap-2 sm:items-end">
          <SegmentedControl
            label={t('performance.range')}
            options={RANGES.map((r) => ({ value: r, text: t(`ranges.${r}`) }))}
            value={range}
            onChange={onRangeChange}
          />
          <SegmentedControl
            label={t('units.group')}
            testId="unit-switch"
            options={RETURN_UNITS.map((u) => {
              const reason = unavailable[u];
              return {
                value: u,
                text: t(`units.label.${u}`),
                name: t(`units.name.${u}`),
                disabledBecause: reason
                  ? t('units.unavailable', { unit: t(`units.name.${u}`), reason: reasonText(reason) })
                  : undefined,
              };
            })}
            value={unit}
            onChange={setUnit}
          />
        </div>
      </CardHeader>
      <CardContent>
        <div className={cn('h-72', stale && 'opacity-60 transition-opacity')}>
          {loading ? (
            <Skeleton className="size-full" />
          ) : !points || points.length < 2 ? (
            <p className="flex h-full items-center justify-center text-sm text-muted-foreground">
              {t('performance.empty')}
            </p>
          ) : (
            <Suspense fallback={<Skeleton className="size-full" />}>
              <PerformanceChart points={points} unit={unit} />
            </Suspense>
          )}
        </div>
        <p className="mt-2 text-xs text-muted-foreground">{t('performance.note')}</p>
        {points && points.length >= 2 ? <PerformanceTable points={points} unit={unit} /> : null}
      </CardContent>
    </Card>
  );
}

/**
 * The range's returns in real lira, dollars and gold (the portfolio's, with XU100's beside) and the deposit
 * benchmark's; a missing figure says why. Below them, the month, method and source of the CPI.
 */
function UnitReturns({
  comparisons,
  firstDate,
  lastDate,
  reasonText,
}: {
  comparisons: ReturnComparisons;
  /** The range's first day: a CPI carried forward from before it measures no inflation over the range. */
  firstDate: string | undefined;
  /** The range's last day: the CPI months that could be published by then and are not loaded are said so. */
  lastDate: string | undefined;
  reasonText: (reason: MissingReason) => string;
}) {
  const { t, i18n } = useTranslation('portfolio');
  const { t: tShared } = useTranslation();
  const rows = [
    { kind: 'real', value: comparisons.real_percent, benchmark: comparisons.benchmark_real_percent },
    { kind: 'usd', value: comparisons.usd_percent, benchmark: comparisons.benchmark_usd_percent },
    { kind: 'gold', value: comparisons.gold_percent, benchmark: comparisons.benchmark_gold_percent },
    { kind: 'deposit', value: comparisons.deposit_percent, benchmark: null },
  ] as const;
  const month = formatCpiMonth(comparisons.cpi_month, i18n.language === 'en' ? 'en' : 'tr');
  const sourceName = (source: string | null) => {
    const key = sourceKey(source);
    return key ? tShared(key) : (source ?? '');
  };
  return (
    <div className="mt-2 text-sm text-muted-foreground">
      <dl className="flex flex-wrap gap-x-4 gap-y-1 tabular-nums">
        {rows.map((row) => {
          const reason = comparisonMissingReason(row.kind, comparisons);
          return (
            <UnitFigure
              key={row.kind}
              testId={`return-${row.kind}`}
              label={t(`units.${row.kind}`)}
              value={row.value}
              note={
                reason ? (
                  <span className="text-xs" data-role="reason">
                    ({reasonText(reason)})
                  </span>
                ) : row.benchmark !== null ? (
                  <span className="text-xs" data-role="benchmark">
                    ({t('units.benchmarkIn', { value: formatChange(row.benchmark) })})
                  </span>
                ) : null
              }
              help={{
                label: t(`units.help.${row.kind}Label`),
                text: t(`units.help.${row.kind}`),
                testId: `${row.kind}-info`,
              }}
            />
          );
        })}
      </dl>
      <p className="mt-1 text-xs" data-testid="cpi-note">
        {month && comparisons.cpi_method && comparisons.cpi_source
          ? tShared('units.cpi', {
              month,
              method: tShared(`units.method.${comparisons.cpi_method}`),
              source: sourceName(comparisons.cpi_source),
            })
          : tShared('units.cpiNone')}
        {comparisons.deposit_source
          ? ` · ${t('units.depositSource', { source: sourceName(comparisons.deposit_source) })}`
          : null}
      </p>
      {comparisons.real_percent !== null && cpiMonthsBehind(comparisons.cpi_month, lastDate) > 0 ? (
        <p className="mt-1 text-xs text-amber-800 dark:text-amber-300" data-testid="cpi-behind">
          {tShared('units.cpiBehind', { count: cpiMonthsBehind(comparisons.cpi_month, lastDate), month })}
        </p>
      ) : null}
      {comparisons.real_percent !== null && inflationUnmeasured(comparisons, firstDate) ? (
        <p className="mt-1 text-xs text-amber-800 dark:text-amber-300" data-testid="no-inflation">
          {tShared('units.noInflation')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The chart's figures for screen readers (and tests): each day's two returns in % in the chosen unit and the money
 * flow of the day.
 */
function PerformanceTable({ points, unit }: { points: PerformancePoint[]; unit: ReturnUnit }) {
  const { t } = useTranslation('portfolio');
  return (
    <table className="sr-only" data-testid="performance-table" data-unit={unit}>
      <caption>{t('units.tableCaption', { unit: t(`units.name.${unit}`) })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('performance.date')}</th>
          <th scope="col">{t('performance.portfolio')}</th>
          <th scope="col">{t('performance.benchmark')}</th>
          <th scope="col">{t('performance.flow')}</th>
        </tr>
      </thead>
      <tbody>
        {points.map((p) => {
          const inUnit = pointInUnit(p, unit);
          return (
            <tr key={p.date} data-date={p.date}>
              <td>{formatIsoDate(p.date)}</td>
              <td data-col="twr">{formatChange(inUnit.portfolio)}</td>
              <td data-col="benchmark">{formatChange(inUnit.benchmark)}</td>
              <td data-col="flow">{p.net_flow !== 0 ? formatSignedPrice(p.net_flow) : ''}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
