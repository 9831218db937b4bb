import { useTranslation } from '@/lib/use-translation';
import type { RangeUnits } from '@bist/contracts';
import { UnitFigure } from '@/components/unit-figure';
import { changeColorClass, formatChange, formatIsoDate, formatNumber } from '@/lib/format';
import {
  cpiMonthsBehind,
  formatCpiMonth,
  inflationUnmeasured,
  sourceKey,
  unitMissingReason,
} from '@/lib/return-units';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

/**
 * A daily chart's change from its first close to its last (decision 0063): nominal, in dollars and in real lira,
 * each missing figure with its reason; below them the CPI's month, method and source and the USD/TRY rates used with
 * theirs. Nothing for an intraday range (`units` null).
 */
export function RangeUnitsSummary({ units }: { units: RangeUnits | null | undefined }) {
  const { t, i18n } = useTranslation('market');
  const { t: tShared } = useTranslation();
  if (!units) return null;
  const sourceName = (source: string | null) => {
    const key = sourceKey(source);
    return key ? tShared(key) : (source ?? '');
  };
  const rows = [
    { kind: 'usd', value: units.usd_percent },
    { kind: 'real', value: units.real_percent },
  ] as const;
  const month = formatCpiMonth(units.cpi_month, i18n.language === 'en' ? 'en' : 'tr');
  return (
    <div className="space-y-1 text-sm" data-testid="range-units" data-from={units.from} data-to={units.to}>
      <p className="text-xs text-muted-foreground">
        {t('units.title', { from: formatIsoDate(units.from), to: formatIsoDate(units.to) })}
      </p>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground tabular-nums">
        <div className="inline-flex items-center gap-x-1" data-testid="units-nominal">
          <dt className="whitespace-nowrap">{t('units.nominal')}:</dt>
          <dd
            className={cn('whitespace-nowrap font-medium', changeColorClass(units.nominal_percent))}
            data-role="value"
          >
            {formatChange(units.nominal_percent)}
          </dd>
        </div>
        {rows.map((row) => {
          const reason = unitMissingReason(row.kind, row.value, units);
          return (
            <UnitFigure
              key={row.kind}
              testId={`units-${row.kind}`}
              label={t(`units.${row.kind}`)}
              value={row.value}
              note={
                reason ? (
                  <span className="text-xs" data-role="reason">
                    ({tShared(reason.key, reason.values)})
                  </span>
                ) : null
              }
              help={{
                label: t(`units.help.${row.kind}Label`),
                text: t(`units.help.${row.kind}`),
                testId: `units-${row.kind}-info`,
              }}
            />
          );
        })}
      </dl>
      <p className="text-xs text-muted-foreground" data-testid="units-cpi-note">
        {month && units.cpi_method && units.cpi_source
          ? tShared('units.cpi', {
              month,
              method: tShared(`units.method.${units.cpi_method}`),
              source: sourceName(units.cpi_source),
            })
          : tShared('units.cpiNone')}
      </p>
      {units.real_percent !== null && cpiMonthsBehind(units.cpi_month, units.to) > 0 ? (
        <p className="text-xs text-amber-800 dark:text-amber-300" data-testid="units-cpi-behind">
          {tShared('units.cpiBehind', { count: cpiMonthsBehind(units.cpi_month, units.to), month })}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground" data-testid="units-usd-note">
        {units.usd_source
          ? t('units.usdNote', {
              from: formatNumber(units.usd_try_from, 4),
              to: formatNumber(units.usd_try_to, 4),
              source: sourceName(units.usd_source),
            })
          : t('units.usdNone')}
      </p>
      {units.real_percent !== null && inflationUnmeasured(units, units.from) ? (
        <p className="text-xs text-amber-800 dark:text-amber-300" data-testid="units-no-inflation">
          {tShared('units.noInflation')}
        </p>
      ) : null}
    </div>
  );
}
