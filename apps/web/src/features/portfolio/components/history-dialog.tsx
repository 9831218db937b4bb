import { useTranslation } from '@/lib/use-translation';
import type { PortfolioTransaction } from '@bist/contracts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useTransactions } from '@/features/portfolio/api/get-transactions';
import { TransactionsTable } from './transactions-table';
import '@/features/portfolio/i18n';

/** One symbol's transactions (row action 'Geçmiş') with edit and delete. */
export function HistoryDialog({
  symbol,
  onOpenChange,
  onEdit,
}: {
  symbol: string | null;
  onOpenChange: (open: boolean) => void;
  onEdit: (transaction: PortfolioTransaction) => void;
}) {
  const { t } = useTranslation('portfolio');
  const query = useTransactions(symbol ?? undefined, { enabled: symbol !== null });
  return (
    <Dialog open={symbol !== null} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('common.close')}
        className="max-h-[calc(100dvh-2rem)] max-w-4xl overflow-y-auto"
      >
        <DialogHeader>
          <DialogTitle>{t('history.title', { symbol })}</DialogTitle>
          <DialogDescription>{t('history.text')}</DialogDescription>
        </DialogHeader>
        {query.isError ? (
          <p role="alert" className="text-sm text-down">
            {t('history.failed')}
          </p>
        ) : (
          <TransactionsTable
            transactions={query.transactions}
            loading={query.isPending}
            onEdit={onEdit}
            showSymbol={false}
            pages={{
              total: query.total,
              hasMore: query.hasNextPage,
              loadingMore: query.isFetchingNextPage,
              onMore: () => void query.fetchNextPage(),
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
