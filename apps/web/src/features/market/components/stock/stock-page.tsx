import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useParams } from 'react-router';
import type { Candle, HistoryRange } from '@bist/contracts';
import { ErrorCard } from '@/components/error-card';
import { useMarketStatus } from '@/features/market/api/get-market-status';
import { useStockHistory } from '@/features/market/api/get-stock-history';
import { useStockProfile } from '@/features/market/api/get-stock-profile';
import { useQuoteStream } from '@/features/market/api/use-quote-stream';
import { SourceLine } from '@/features/market/components/shared/source-line';
import { StaleBanner } from '@/features/market/components/shared/stale-banner';
import { mergeLiveTick } from '@/features/market/lib/live-candles';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { KeyFigures } from './key-figures';
import { StockChartCard } from './stock-chart-card';
import { StockHeader } from './stock-header';
import { StockNotFound } from './stock-not-found';
import '@/features/market/i18n';

const DEFAULT_RANGE: HistoryRange = '3A';

/**
 * The stock page /stocks/:symbol: live header, candles with volume, SMA 20/50, RSI 14, key figures, live updates
 * from the quote stream. `actions` are other features' buttons for the symbol and `panels` other features' cards
 * below the chart, composed by the route.
 */
export function StockPage({
  actions,
  panels,
}: {
  actions: (symbol: string) => ReactNode;
  panels?: (symbol: string) => ReactNode;
}) {
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

  if (notFound) return <StockNotFound symbol={symbol} />;

  const p = profile.data;
  const live = connected && status.data?.isOpen === true;

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <StockHeader symbol={symbol} profile={p} quote={quote} live={live} actions={actions(symbol)} />
        <SourceLine splitAdjusted />
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
        <StockChartCard
          symbol={symbol}
          range={range}
          onRangeChange={setRange}
          candles={candles}
          warmup={history.data?.warmup}
          units={history.data?.symbol === symbol && history.data.range === range ? history.data.units : null}
          loading={history.isPending}
          failed={history.isError}
        />
        <KeyFigures profile={p} price={quote?.price ?? p?.price} />
      </div>

      {panels?.(symbol)}
    </div>
  );
}
