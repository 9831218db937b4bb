import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ArrowLeft, SearchX } from 'lucide-react';
import { HISTORY_RANGES, type Candle, type HistoryRange } from '@bist/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { CandlestickChart } from '@/components/charts/candlestick-chart';
import { useMarketStatus } from '@/features/market/api/get-market-status';
import { useStockHistory } from '@/features/market/api/get-stock-history';
import { useStockProfile } from '@/features/market/api/get-stock-profile';
import { useQuoteStream } from '@/features/market/api/use-quote-stream';
import { ChangeText } from '@/features/market/components/shared/change-text';
import { ErrorCard } from '@/components/error-card';
import { StaleBanner } from '@/features/market/components/shared/stale-banner';
import { formatAmount, formatClock } from '@/features/market/lib/format-market';
import { rsi } from '@/lib/indicators';
import { mergeLiveTick } from '@/features/market/lib/live-candles';
import { isApiError } from '@/lib/api-client';
import { changeColorClass, formatNumber, formatPrice, formatVolume } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import '@/features/market/i18n';

const DEFAULT_RANGE: HistoryRange = '3A';

/**
 * The stock page /stocks/:symbol: live header, candles with volume, SMA 20/50, RSI 14, key figures, live updates
 * from the quote stream. `actions` are other features' buttons for the symbol, composed by the route.
 */
export function StockPage({ actions }: { actions: (symbol: string) => ReactNode }) {
  const { t } = useTranslation('market');
  const { symbol: rawSymbol = '' } = useParams();
  // Tickers are ASCII upper-case (no Turkish 'İ').
  const symbol = rawSymbol.toUpperCase().replace(/\.IS$/, '');
  const [range, setRange] = useState<HistoryRange>(DEFAULT_RANGE);
  const profile = useStockProfile(symbol);
  const notFound = isApiError(profile.error) && profile.error.status === 404;
  const history = useStockHistory(symbol, range, { enabled: !notFound });
  const { quote, connected } = useQuoteStream(notFound ? undefined : symbol);
  const status = useMarketStatus();
  useDocumentTitle(profile.data ? `${symbol} · ${profile.data.company_name}` : symbol);

  const candles: readonly Candle[] = useMemo(() => {
    const base = history.data?.candles ?? [];
    if (!quote || !history.data) return base;
    return mergeLiveTick(base, history.data.interval, quote);
  }, [history.data, quote]);

  const lastRsi = useMemo(() => {
    const values = rsi(
      candles.map((c) => c.close),
      14,
    );
    return values[values.length - 1] ?? null;
  }, [candles]);

  if (notFound) {
    return (
      <Card className="mx-auto max-w-lg" data-testid="stock-not-found">
        <CardContent className="flex flex-col items-center gap-4 px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-muted">
            <SearchX className="size-7 text-muted-foreground" aria-hidden="true" />
          </span>
          <h1 className="text-xl font-semibold">{t('errors.notFound')}</h1>
          <p className="text-muted-foreground">{t('errors.notFoundText', { symbol })}</p>
          <Button asChild variant="outline">
            <Link to="/stocks">
              <ArrowLeft aria-hidden="true" />
              {t('errors.backToStocks')}
            </Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  const p = profile.data;
  const price = quote?.price ?? p?.price;
  const changePercent = quote?.changePercent ?? p?.change_percent;
  const change = p && price !== undefined ? price - p.previous_close : undefined;
  const live = connected && status.data?.isOpen === true;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <Link
            to="/stocks"
            className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('stocks.title')}
          </Link>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight">{symbol}</h1>
            {p ? <Badge variant="secondary">{p.sector}</Badge> : null}
            <Badge variant={live ? 'up' : 'neutral'} data-testid="live-badge">
              <span
                className={cn('size-1.5 rounded-full', live ? 'animate-pulse bg-up' : 'bg-neutral')}
                aria-hidden="true"
              />
              {live ? t('stock.live') : t('stock.marketClosed')}
            </Badge>
          </div>
          <div className="mt-1 truncate text-muted-foreground">
            {p ? p.company_name : <Skeleton className="h-5 w-48" />}
          </div>
        </div>
        <div className="flex items-end gap-4 sm:flex-col sm:items-end sm:gap-2">
          <div className="text-right">
            <div className="text-3xl font-semibold tabular-nums" data-testid="stock-price">
              {p ? formatPrice(price) : <Skeleton className="h-9 w-32" />}
            </div>
            <p
              className={cn(
                'mt-1 flex items-center justify-end gap-2 text-sm tabular-nums',
                changeColorClass(changePercent),
              )}
            >
              {change !== undefined ? (
                <span>{`${change > 0 ? '+' : ''}${formatNumber(change, 2)}`}</span>
              ) : null}
              <ChangeText value={changePercent} />
            </p>
            {quote ? (
              <p className="text-xs text-muted-foreground tabular-nums">{formatClock(quote.time, true)}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap justify-end gap-2">{actions(symbol)}</div>
        </div>
      </div>

      <StaleBanner freshness={p?.freshness} />

      {profile.isError && !p ? (
        <ErrorCard
          message={
            isApiError(profile.error) && profile.error.kind === 'network'
              ? t('errors.connection')
              : t('errors.stock')
          }
          retry={{
            label: t('common.refresh'),
            onRetry: () => void profile.refetch(),
            pending: profile.isFetching,
          }}
        />
      ) : null}

      <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
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
                  onClick={() => setRange(r)}
                  className={cn(
                    'min-w-9 cursor-pointer rounded-md px-2 py-1 text-xs font-semibold text-muted-foreground transition-colors hover:text-foreground',
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
            </div>
            <div className="relative">
              {history.isPending ? (
                <Skeleton className="h-[480px] w-full" />
              ) : candles.length === 0 ? (
                <div className="flex h-[480px] items-center justify-center rounded-lg bg-muted/40 px-6 text-center text-sm text-muted-foreground">
                  {history.isError ? t('errors.stock') : t('stock.noCandles')}
                </div>
              ) : (
                <CandlestickChart candles={candles} label={t('stock.chartLabel', { symbol })} />
              )}
            </div>
          </CardContent>
        </Card>

        <KeyFigures profile={p} price={price} />
      </div>
    </div>
  );
}

function KeyFigures({
  profile: p,
  price,
}: {
  profile: ReturnType<typeof useStockProfile>['data'];
  price: number | undefined;
}) {
  const { t } = useTranslation('market');
  const rows: [string, React.ReactNode][] = p
    ? [
        [t('stock.open'), formatPrice(p.open)],
        [t('stock.high'), formatPrice(Math.max(p.high, price ?? p.high))],
        [t('stock.low'), formatPrice(Math.min(p.low, price ?? p.low))],
        [t('stock.previousClose'), formatPrice(p.previous_close)],
        [t('stock.volume'), formatVolume(p.volume)],
        [t('stock.turnover'), formatAmount(p.turnover)],
        [t('stock.marketCap'), formatAmount(p.market_cap)],
        [t('stock.week52'), `${formatPrice(p.week52_low)} – ${formatPrice(p.week52_high)}`],
        [t('stock.avgVolume20'), formatVolume(p.avg_volume_20d)],
        [t('stock.priceBand'), `${formatPrice(p.price_band.lower)} – ${formatPrice(p.price_band.upper)}`],
        [t('stock.tickSize'), formatPrice(p.tick_size)],
      ]
    : [];
  return (
    <Card data-testid="key-figures">
      <CardHeader>
        <CardTitle className="text-base">{t('stock.keyFigures')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y text-sm">
          {p
            ? rows.map(([label, value]) => (
                <div key={label} className="flex items-center justify-between gap-3 py-2">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="text-right font-medium tabular-nums">{value}</dd>
                </div>
              ))
            : Array.from({ length: 11 }, (_, i) => (
                <div key={i} className="flex items-center justify-between gap-3 py-2">
                  <Skeleton className="h-4 w-28" />
                  <Skeleton className="h-4 w-20" />
                </div>
              ))}
          <div className="py-2">
            <dt className="text-muted-foreground">{t('stock.indices')}</dt>
            <dd className="mt-2 flex flex-wrap gap-1.5">
              {p ? (
                p.indices.length > 0 ? (
                  p.indices.map((code) => (
                    <Badge key={code} variant="outline">
                      {code}
                    </Badge>
                  ))
                ) : (
                  '---'
                )
              ) : (
                <Skeleton className="h-5 w-40" />
              )}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
