import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type {
  PerformancePoint,
  PerformanceRange,
  PortfolioOverview,
  ReturnComparisons,
} from '@bist/contracts';
import { InfoTooltip } from '@/components/info-tooltip';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { changeColorClass, formatChange, formatIsoDate, formatSignedPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import {
  comparisonMissingReason,
  formatCpiMonth,
  pointInUnit,
  RETURN_UNITS,
  sourceKey,
  unitUnavailableReason,
  type MissingReason,
  type ReturnUnit,
} from '@/features/portfolio/lib/return-units';
import '@/features/portfolio/i18n';

const PerformanceChart = lazy(() =>
  import('./portfolio-charts').then((m) => ({ default: m.PerformanceChart })),
);

/** Ranges offered on the chart (the server also knows YTD). */
const RANGES: readonly PerformanceRange[] = ['1A', '3A', '6A', '1Y', 'ALL'];

const TOGGLE_CLASS =
  'cursor-pointer rounded-md px-2.5 py-1 text-xs font-medium text-muted-foreground transition-colors disabled:cursor-not-allowed disabled:opacity-60';

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
  const [chosenUnit, setUnit] = useState<ReturnUnit>('nominal');
  const reasonText = (reason: MissingReason) => t(reason.key, reason.values);
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
          {comparisons ? <UnitReturns comparisons={comparisons} reasonText={reasonText} /> : null}
        </div>
        <div className="flex flex-col items-start gap-2 sm:items-end">
          <div
            role="group"
            aria-label={t('performance.range')}
            className="inline-flex rounded-lg bg-muted p-1"
          >
            {RANGES.map((r) => (
              <button
                key={r}
                type="button"
                aria-pressed={range === r}
                onClick={() => onRangeChange(r)}
                className={cn(TOGGLE_CLASS, range === r && 'bg-card text-foreground shadow-sm')}
              >
                {t(`ranges.${r}`)}
              </button>
            ))}
          </div>
          <div
            role="group"
            aria-label={t('units.group')}
            className="inline-flex rounded-lg bg-muted p-1"
            data-testid="unit-switch"
          >
            {RETURN_UNITS.map((u) => {
              const reason = unavailable[u];
              return (
                <button
                  key={u}
                  type="button"
                  aria-pressed={unit === u}
                  aria-label={t(`units.name.${u}`)}
                  data-unit={u}
                  disabled={reason !== null}
                  title={
                    reason
                      ? t('units.unavailable', { unit: t(`units.name.${u}`), reason: reasonText(reason) })
                      : undefined
                  }
                  onClick={() => setUnit(u)}
                  className={cn(TOGGLE_CLASS, unit === u && 'bg-card text-foreground shadow-sm')}
                >
                  {t(`units.label.${u}`)}
                </button>
              );
            })}
          </div>
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
  reasonText,
}: {
  comparisons: ReturnComparisons;
  reasonText: (reason: MissingReason) => string;
}) {
  const { t, i18n } = useTranslation('portfolio');
  const rows = [
    { kind: 'real', value: comparisons.real_percent, benchmark: comparisons.benchmark_real_percent },
    { kind: 'usd', value: comparisons.usd_percent, benchmark: comparisons.benchmark_usd_percent },
    { kind: 'gold', value: comparisons.gold_percent, benchmark: comparisons.benchmark_gold_percent },
    { kind: 'deposit', value: comparisons.deposit_percent, benchmark: null },
  ] as const;
  const month = formatCpiMonth(comparisons.cpi_month, i18n.language === 'en' ? 'en' : 'tr');
  const sourceName = (source: string | null) => {
    const key = sourceKey(source);
    return key ? t(key) : (source ?? '');
  };
  return (
    <div className="mt-2 text-sm text-muted-foreground">
      <dl className="flex flex-wrap gap-x-4 gap-y-1 tabular-nums">
        {rows.map((row) => {
          const reason = comparisonMissingReason(row.kind, comparisons);
          return (
            <div key={row.kind} className="inline-flex items-center gap-1" data-testid={`return-${row.kind}`}>
              <dt>{t(`units.${row.kind}`)}:</dt>
              <dd className="inline-flex items-center gap-1">
                <span className={cn('font-medium', changeColorClass(row.value))} data-role="value">
                  {formatChange(row.value)}
                </span>
                {reason ? (
                  <span className="text-xs" data-role="reason">
                    ({reasonText(reason)})
                  </span>
                ) : row.benchmark !== null ? (
                  <span className="text-xs" data-role="benchmark">
                    ({t('units.benchmarkIn', { value: formatChange(row.benchmark) })})
                  </span>
                ) : null}
                <InfoTooltip
                  label={t(`units.help.${row.kind}Label`)}
                  text={t(`units.help.${row.kind}`)}
                  testId={`${row.kind}-info`}
                />
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-1 text-xs" data-testid="cpi-note">
        {month && comparisons.cpi_method && comparisons.cpi_source
          ? t('units.cpi', {
              month,
              method: t(`units.method.${comparisons.cpi_method}`),
              source: sourceName(comparisons.cpi_source),
            })
          : t('units.cpiNone')}
        {comparisons.deposit_source
          ? ` · ${t('units.depositSource', { source: sourceName(comparisons.deposit_source) })}`
          : null}
      </p>
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
