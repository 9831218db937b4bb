import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Briefcase, Layers, Plus, TrendingUp, Wallet } from 'lucide-react';
import {
  DEFAULT_PERFORMANCE_RANGE,
  type Holding,
  type PerformanceRange,
  type PortfolioTransaction,
} from '@bist/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { changeColorClass, formatChange, formatNumber, formatPercent, formatPrice } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { usePortfolioOverview } from '@/features/portfolio/api/get-portfolio-overview';
import { sliceColor } from '@/features/portfolio/lib/palette';
import {
  allocationSlices,
  isEmptyPortfolio,
  samplePortfolio,
} from '@/features/portfolio/lib/portfolio-rules';
import { HistoryDialog } from './history-dialog';
import { HoldingsTable } from './holdings-table';
import { TradeDialog, type TradeDialogState } from './trade-dialog';
import { TransactionsSection } from './transactions-section';
import '@/features/portfolio/i18n';

const AllocationPie = lazy(() => import('./portfolio-charts').then((m) => ({ default: m.AllocationPie })));
const PerformanceChart = lazy(() =>
  import('./portfolio-charts').then((m) => ({ default: m.PerformanceChart })),
);

/** Ranges offered on the chart (the server also knows YTD). */
const RANGES: readonly PerformanceRange[] = ['1A', '3A', '6A', '1Y', 'ALL'];

function signedPrice(value: number): string {
  return `${value > 0 ? '+' : ''}${formatPrice(value)}`;
}

/** Spec §2 Portföy: cards, allocation pie with Nakit, performance vs XU100, holdings, watchlist, ledger. */
export function PortfolioPage({ actions, watchlist }: { actions?: ReactNode; watchlist?: ReactNode } = {}) {
  const { t } = useTranslation('portfolio');
  useDocumentTitle(t('title'));
  const [range, setRange] = useState<PerformanceRange>(DEFAULT_PERFORMANCE_RANGE);
  const query = usePortfolioOverview(range);
  const [trade, setTrade] = useState<TradeDialogState | null>(null);
  const [historySymbol, setHistorySymbol] = useState<string | null>(null);

  const isSample = isEmptyPortfolio(query.data);
  const data = isSample ? samplePortfolio() : query.data;
  const loading = query.isPending;
  const overview = data?.overview;
  const slices = data ? allocationSlices(data.holdings, data.overview.cash_balance) : [];

  const edit = (transaction: PortfolioTransaction) => {
    setHistorySymbol(null);
    setTrade({ mode: 'edit', transaction });
  };
  const buy = (h: Holding) => setTrade({ mode: 'buy', stock: { symbol: h.symbol, name: h.company_name } });
  const sell = (h: Holding) =>
    setTrade({ mode: 'sell', stock: { symbol: h.symbol, name: h.company_name }, held: h.quantity });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <>
            {actions}
            <Button onClick={() => setTrade({ mode: 'buy', stock: null })}>
              <Plus /> {t('actions.add')}
            </Button>
          </>
        }
      />

      {query.isError && !query.data ? (
        <ErrorCard
          message={t('errors.load')}
          detail={query.error.message}
          retry={{
            label: t('errors.refresh'),
            onRetry: () => void query.refetch(),
            pending: query.isFetching,
          }}
        />
      ) : null}

      {query.isError && query.data ? (
        <p
          role="status"
          className="rounded-lg border border-down/40 bg-down/5 px-4 py-2 text-sm text-down"
          data-testid="stale-note"
        >
          {t('errors.stale')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
            {t('errors.retry')}
          </button>
        </p>
      ) : null}

      {isSample ? (
        <div
          className="flex flex-wrap items-center gap-2 rounded-lg border border-dashed bg-muted/40 px-4 py-3 text-sm"
          data-testid="sample-banner"
        >
          <Badge variant="secondary">{t('sample.badge')}</Badge>
          <span className="text-muted-foreground">{t('sample.text')}</span>
        </div>
      ) : null}

      {query.isError && !query.data ? null : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard
              testId="card-total-value"
              title={t('cards.totalValue')}
              icon={Briefcase}
              loading={loading}
              value={formatPrice(overview?.total_value)}
              hint={t('cards.cost', { cost: formatPrice(overview?.total_cost) })}
            />
            <StatCard
              testId="card-gain-loss"
              title={t('cards.gainLoss')}
              icon={TrendingUp}
              loading={loading}
              value={overview ? signedPrice(overview.total_gain_loss) : ''}
              valueClassName={changeColorClass(overview?.total_gain_loss)}
              hint={
                <span className={changeColorClass(overview?.total_gain_loss_percent)}>
                  {formatChange(overview?.total_gain_loss_percent)}
                </span>
              }
            />
            <StatCard
              testId="card-holdings-count"
              title={t('cards.holdingsCount')}
              icon={Layers}
              loading={loading}
              value={formatNumber(overview?.holdings_count)}
              hint={t('cards.daily', { change: formatChange(overview?.daily_change_percent) })}
            />
            <StatCard
              testId="card-cash"
              title={t('cards.cash')}
              icon={Wallet}
              loading={loading}
              value={formatPrice(overview?.cash_balance)}
              hint={t('cards.cashWeight', { percent: formatPercent(overview?.cash_weight_percent) })}
            />
          </div>

          <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-3">
            <Card data-testid="allocation-card">
              <CardHeader>
                <CardTitle>{t('allocation.title')}</CardTitle>
                <CardDescription className="tabular-nums">
                  {t('allocation.netWorth', { value: formatPrice(overview?.net_worth) })}
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
                    <li
                      key={slice.name}
                      className="flex items-center justify-between gap-2"
                      data-slice={slice.name}
                    >
                      <span className="flex min-w-0 items-center gap-2">
                        <span
                          className="size-2.5 shrink-0 rounded-full"
                          style={{ backgroundColor: sliceColor(index, slice.isCash, 'var(--neutral)') }}
                          aria-hidden="true"
                        />
                        <span className="truncate">{slice.name}</span>
                      </span>
                      <span className="tabular-nums text-muted-foreground">
                        {formatPercent(slice.percent)}
                      </span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>

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
                      <span
                        className={cn('font-medium', changeColorClass(overview?.benchmark_return_percent))}
                      >
                        {formatChange(overview?.benchmark_return_percent)}
                      </span>
                    </span>
                  </CardDescription>
                </div>
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
                      disabled={isSample}
                      onClick={() => setRange(r)}
                      className={cn(
                        'cursor-pointer rounded-md px-2.5 py-1 text-xs font-medium text-muted-foreground transition-colors disabled:cursor-not-allowed disabled:opacity-60',
                        range === r && 'bg-card text-foreground shadow-sm',
                      )}
                    >
                      {t(`ranges.${r}`)}
                    </button>
                  ))}
                </div>
              </CardHeader>
              <CardContent>
                <div className={cn('h-72', query.isPlaceholderData && 'opacity-60 transition-opacity')}>
                  {loading ? (
                    <Skeleton className="size-full" />
                  ) : !data || data.performance.length < 2 ? (
                    <p className="flex h-full items-center justify-center text-sm text-muted-foreground">
                      {t('performance.empty')}
                    </p>
                  ) : (
                    <Suspense fallback={<Skeleton className="size-full" />}>
                      <PerformanceChart points={data.performance} />
                    </Suspense>
                  )}
                </div>
              </CardContent>
            </Card>
          </div>

          <Card>
            <CardHeader className="flex flex-row items-center justify-between gap-2">
              <CardTitle>{t('holdings.title')}</CardTitle>
              <Button size="sm" onClick={() => setTrade({ mode: 'buy', stock: null })}>
                <Plus /> {t('actions.add')}
              </Button>
            </CardHeader>
            <CardContent>
              <HoldingsTable
                holdings={data?.holdings}
                loading={loading}
                readOnly={isSample}
                onBuy={buy}
                onSell={sell}
                onHistory={(h) => setHistorySymbol(h.symbol)}
              />
            </CardContent>
          </Card>
        </>
      )}

      {watchlist}

      <TransactionsSection onEdit={edit} />

      <TradeDialog
        state={trade}
        onOpenChange={(open) => {
          if (!open) setTrade(null);
        }}
      />
      <HistoryDialog
        symbol={historySymbol}
        onOpenChange={(open) => {
          if (!open) setHistorySymbol(null);
        }}
        onEdit={edit}
      />
    </div>
  );
}
