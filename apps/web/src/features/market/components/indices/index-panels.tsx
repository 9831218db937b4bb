import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Gauge } from 'lucide-react';
import type { IndexItem } from '@bist/contracts';
import { Card, CardContent } from '@/components/ui/card';
import { ChangeText } from '@/features/market/components/shared/change-text';
import { riskBarOf, trendLabelOf, volatilityOf } from '@/features/market/lib/index-rules';
import { formatAmount, formatChange, formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

const RISK_CLASS = { red: 'bg-down', yellow: 'bg-amber-500', green: 'bg-up' } as const;

/** The selected index's figures, volatility and trend labels, the day's range and its risk bar. */
export function IndexPanels({
  index,
  high,
  low,
}: {
  index: IndexItem;
  high: number | undefined;
  low: number | undefined;
}) {
  const { t } = useTranslation('market');
  const change = index.change_percent;
  const risk = riskBarOf(change);
  const volatility = volatilityOf(change);
  const trend = trendLabelOf(change);
  const rows: [string, ReactNode, string?][] = [
    [t('indices.value'), formatNumber(index.value, 2)],
    [t('indices.change'), <ChangeText key="c" value={change} />],
    [t('indices.volume'), formatAmount(index.volume)],
    [t('indices.marketCap'), formatAmount(index.market_cap)],
    [t('indices.status'), t('indices.active'), 'text-up'],
    [t('indices.volatility'), t(`indices.${volatility}`), volatility === 'high' ? 'text-down' : undefined],
    [
      t('indices.trend'),
      trend === 'positive' ? t('indices.positive') : t('indices.negative'),
      trend === 'positive' ? 'text-up' : 'text-down',
    ],
  ];
  return (
    <Card data-testid="index-panels">
      <CardContent className="pt-5">
        <dl className="divide-y text-sm">
          {rows.map(([label, value, className]) => (
            <div key={label} className="flex items-center justify-between gap-3 py-2">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className={cn('text-right font-medium tabular-nums', className)}>{value}</dd>
            </div>
          ))}
        </dl>
        {high !== undefined && low !== undefined ? (
          <p className="mt-1 text-xs text-muted-foreground tabular-nums">
            {t('indices.range', { low: formatNumber(low, 2), high: formatNumber(high, 2) })}
          </p>
        ) : null}
        <div className="mt-4">
          <div className="mb-1.5 flex items-center justify-between text-sm">
            <span className="inline-flex items-center gap-1.5 text-muted-foreground">
              <Gauge className="size-4" aria-hidden="true" />
              {t('indices.risk')}
            </span>
            <span className="font-medium" data-testid="risk-label">
              {t(`indices.riskLevel.${risk.level}`)} · {formatChange(Math.abs(change)).replace('+', '')}
            </span>
          </div>
          <div
            className="h-2.5 overflow-hidden rounded-full bg-muted"
            role="meter"
            aria-label={t('indices.risk')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(risk.width)}
            aria-valuetext={t(`indices.riskLevel.${risk.level}`)}
          >
            <div
              data-testid="risk-bar"
              data-level={risk.level}
              className={cn('h-full rounded-full', RISK_CLASS[risk.level])}
              style={{ width: `${risk.width}%` }}
            />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
