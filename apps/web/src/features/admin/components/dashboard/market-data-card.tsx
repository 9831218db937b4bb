import type { ReactNode } from 'react';
import type { MarketCoverage } from '@bist/contracts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAdminTranslation } from '@/lib/admin-i18n';
import '@/features/admin/i18n';

/** How many listed symbols a line names before it says how many more there are. */
const LISTED = 8;

function listed(symbols: readonly string[], total: number, more: (n: number) => string): string {
  const shown = symbols.slice(0, LISTED).join(', ');
  return total > LISTED ? `${shown} ${more(total - LISTED)}` : shown;
}

/**
 * The stored market history's coverage and freshness (issue #31): the live feed, whether the history the pages and
 * the models read is real or simulated, how many of the universe's stocks have it and from/to when, stock-days per
 * source, the stocks behind the newest day or without any bar, and the real history backfill's progress, failures and
 * the indices whose values are the provider's.
 */
export function MarketDataCard({ coverage }: { coverage: MarketCoverage }) {
  const { t } = useAdminTranslation();
  const n = (value: number) => value.toLocaleString('en-GB');
  const more = (count: number) => t('dashboard.marketData.more', { count });
  const sources = Object.entries(coverage.bars_by_source).sort(([a], [b]) => a.localeCompare(b));
  const rows: { key: string; label: string; value: ReactNode }[] = [
    {
      key: 'feed',
      label: t('dashboard.marketData.feed'),
      value: coverage.feed ? t(`dashboard.marketData.feeds.${coverage.feed}`) : '---',
    },
    {
      key: 'history',
      label: t('dashboard.marketData.history'),
      value: (
        <Badge variant={coverage.history_source === 'real' ? 'up' : 'secondary'}>
          {t(`dashboard.marketData.historySources.${coverage.history_source}`)}
        </Badge>
      ),
    },
    {
      key: 'coverage',
      label: t('dashboard.marketData.coverage'),
      value: t('dashboard.marketData.coverageValue', {
        with: n(coverage.symbols_with_history),
        universe: n(coverage.universe_symbols),
      }),
    },
    {
      key: 'range',
      label: t('dashboard.marketData.range'),
      value:
        coverage.first_date && coverage.last_date ? `${coverage.first_date} – ${coverage.last_date}` : '---',
    },
    {
      key: 'sources',
      label: t('dashboard.marketData.barsBySource'),
      value: sources.length ? sources.map(([source, count]) => `${source} ${n(count)}`).join(' · ') : '---',
    },
    {
      key: 'behind',
      label: t('dashboard.marketData.behind'),
      value: coverage.behind_count
        ? `${n(coverage.behind_count)}: ${listed(
            coverage.behind.map((b) => `${b.symbol} (${b.last_date})`),
            coverage.behind_count,
            more,
          )}`
        : t('dashboard.marketData.none'),
    },
    {
      key: 'missing',
      label: t('dashboard.marketData.missing'),
      value: coverage.missing.length
        ? `${n(coverage.missing.length)}: ${listed(coverage.missing, coverage.missing.length, more)}`
        : t('dashboard.marketData.none'),
    },
  ];
  const b = coverage.backfill;
  rows.push(
    {
      key: 'backfill',
      label: t('dashboard.marketData.backfill'),
      value: b
        ? t('dashboard.marketData.backfillValue', {
            status: t(`dashboard.marketData.backfillStatuses.${b.status}`),
            from: b.from,
            to: b.to,
            done: n(b.done),
            total: n(b.total),
            pending: n(b.pending),
            noData: n(b.no_data),
          })
        : t('dashboard.marketData.backfillNone'),
    },
    {
      key: 'backfill-failures',
      label: t('dashboard.marketData.backfillFailures'),
      value:
        b && b.failed > 0
          ? `${n(b.failed)}: ${listed(
              b.failures.map((f) =>
                t('dashboard.marketData.backfillFailure', {
                  symbol: f.symbol,
                  attempts: f.attempts,
                  reason: f.reason,
                }),
              ),
              b.failed,
              more,
            )}`
          : t('dashboard.marketData.none'),
    },
    {
      key: 'provider-indices',
      label: t('dashboard.marketData.providerIndices'),
      value:
        b && b.provider_indices.length > 0
          ? b.provider_indices.join(', ')
          : t('dashboard.marketData.providerIndicesNone'),
    },
  );
  return (
    <Card data-testid="market-data-card">
      <CardHeader>
        <CardTitle>{t('dashboard.marketData.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-3 text-sm md:grid-cols-2">
          {rows.map((row) => (
            <div
              key={row.key}
              data-row={row.key}
              className="flex items-start justify-between gap-3 border-b pb-2"
            >
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd className="text-right font-medium tabular-nums">{row.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
