import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Plus, Wallet } from 'lucide-react';
import type { Holding, PerformanceRange, PortfolioTransaction } from '@bist/contracts';
import { DEFAULT_PERFORMANCE_RANGE, TRADE_TRANSACTION_TYPES } from '@bist/contracts/values';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePortfolioOverview } from '@/features/portfolio/api/get-portfolio-overview';
import {
  allocationSlices,
  isCashDialogType,
  isEmptyPortfolio,
} from '@/features/portfolio/lib/portfolio-rules';
import { AllocationCard } from './allocation-card';
import { CashDialog, type CashDialogState } from './cash-dialog';
import { DemoBanner } from './demo-banner';
import { SplitOffers } from './split-offers';
import { HistoryDialog } from './history-dialog';
import { HoldingsTable } from './holdings-table';
import { PerformanceCard } from './performance-card';
import { PortfolioEmptyState } from './portfolio-empty-state';
import { PortfolioSummaryCards } from './portfolio-summary-cards';
import { TradeDialog, type TradeDialogState } from './trade-dialog';
import { TransactionsSection } from './transactions-section';
import '@/features/portfolio/i18n';

/**
 * Portföy: cards, allocation pie with cash, performance against XU100, holdings and the ledger; an empty state (with
 * 'Demo portföy yükle') while nothing is recorded, and a banner while demo transactions are in it. `actions`
 * (header buttons) and `watchlist` come from other features through the route.
 */
export function PortfolioPage({ actions, watchlist }: { actions?: ReactNode; watchlist?: ReactNode } = {}) {
  const { t } = useTranslation('portfolio');
  useDocumentTitle(t('title'));
  const [range, setRange] = useState<PerformanceRange>(DEFAULT_PERFORMANCE_RANGE);
  const query = usePortfolioOverview(range);
  const [trade, setTrade] = useState<TradeDialogState | null>(null);
  const [cash, setCash] = useState<CashDialogState | null>(null);
  const [historySymbol, setHistorySymbol] = useState<string | null>(null);

  const isEmpty = isEmptyPortfolio(query.data);
  const data = query.data;
  const loading = query.isPending;
  const overview = data?.overview;
  const slices = data ? allocationSlices(data.holdings, data.overview.cash_balance) : [];

  const edit = (transaction: PortfolioTransaction) => {
    setHistorySymbol(null);
    const { type } = transaction;
    if (TRADE_TRANSACTION_TYPES.includes(type)) setTrade({ mode: 'edit', transaction });
    else if (isCashDialogType(type)) setCash({ mode: 'edit', transaction: { ...transaction, type } });
  };
  const deposit = () => setCash({ mode: 'new', type: 'deposit' });
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
            <Button variant="outline" onClick={deposit}>
              <Wallet /> {t('actions.cash')}
            </Button>
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

      {overview?.is_demo ? <DemoBanner /> : null}
      <SplitOffers />

      {isEmpty ? (
        <PortfolioEmptyState onDeposit={deposit} onBuy={() => setTrade({ mode: 'buy', stock: null })} />
      ) : null}

      {(query.isError && !query.data) || isEmpty ? null : (
        <>
          <PortfolioSummaryCards overview={overview} loading={loading} />

          <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-3">
            <AllocationCard slices={slices} netWorth={overview?.net_worth} loading={loading} />
            <PerformanceCard
              overview={overview}
              comparisons={data?.comparisons}
              points={data?.performance}
              range={range}
              onRangeChange={setRange}
              loading={loading}
              stale={query.isPlaceholderData}
            />
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
      <CashDialog
        state={cash}
        onOpenChange={(open) => {
          if (!open) setCash(null);
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
