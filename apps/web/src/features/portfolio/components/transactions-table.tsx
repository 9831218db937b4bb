import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/components/ui/toaster';
import { Pencil, Trash2 } from 'lucide-react';
import type { PortfolioTransaction } from '@bist/contracts';
import { Badge } from '@/components/ui/badge';
import { Button, IconButton } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { isApiError } from '@/lib/api-client';
import { changeColorClass, formatNumber, formatPrice, formatSignedPrice, MISSING } from '@/lib/format';
import { useIsPhone } from '@/lib/use-media-query';
import { useDeleteTransaction } from '@/features/portfolio/api/delete-transaction';
import { ConfirmDialog } from '@/components/confirm-dialog';
import '@/features/portfolio/i18n';

export function formatTrDate(date: string): string {
  const [y, m, d] = date.split('-');
  return y && m && d ? `${d}.${m}.${y}` : date;
}

/** Phones: one card per transaction (date, type, symbol, amount, cash effect, realised K/Z), no sideways scroll. */
/** A transaction's edit and delete buttons (the same on the phone cards and the desktop table). */
function RowActions({
  tx,
  onEdit,
  onDelete,
}: {
  tx: PortfolioTransaction;
  onEdit: (transaction: PortfolioTransaction) => void;
  onDelete: (transaction: PortfolioTransaction) => void;
}) {
  const { t } = useTranslation('portfolio');
  return (
    <>
      <IconButton className="size-8" label={t('tx.edit')} onClick={() => onEdit(tx)}>
        <Pencil />
      </IconButton>
      <IconButton className="size-8" tone="down" label={t('tx.delete')} onClick={() => onDelete(tx)}>
        <Trash2 />
      </IconButton>
    </>
  );
}

function TransactionCards({
  transactions,
  loading,
  onEdit,
  onDelete,
}: {
  transactions: PortfolioTransaction[] | undefined;
  loading: boolean;
  onEdit: (transaction: PortfolioTransaction) => void;
  onDelete: (transaction: PortfolioTransaction) => void;
}) {
  const { t } = useTranslation('portfolio');
  if (loading && !transactions)
    return (
      <div className="grid gap-2">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    );
  if (transactions?.length === 0)
    return <p className="py-8 text-center text-sm text-muted-foreground">{t('tx.empty')}</p>;
  return (
    <ul className="grid gap-2" data-testid="transactions-cards">
      {transactions?.map((tx) => (
        <li
          key={tx.id}
          data-testid="transaction-row"
          data-type={tx.type}
          data-symbol={tx.symbol ?? ''}
          className="grid gap-1.5 rounded-lg border p-3 text-sm"
        >
          <div className="flex items-center justify-between gap-2">
            <div className="flex min-w-0 flex-wrap items-center gap-1.5">
              <Badge variant={tx.type === 'buy' ? 'up' : tx.type === 'sell' ? 'down' : 'neutral'}>
                {t(`txType.${tx.type}`)}
              </Badge>
              {tx.is_demo ? (
                <Badge variant="secondary" data-testid="demo-row">
                  {t('demo.badge')}
                </Badge>
              ) : null}
              {tx.symbol ? <span className="font-semibold">{tx.symbol}</span> : null}
            </div>
            <span className="tabular-nums text-muted-foreground">{formatTrDate(tx.date)}</span>
          </div>
          <div className="flex items-end justify-between gap-2 tabular-nums">
            <div className="text-muted-foreground">
              {tx.quantity !== null ? `${formatNumber(tx.quantity)} × ` : ''}
              {tx.price !== null || tx.amount !== null ? formatPrice(tx.price ?? tx.amount) : ''}
            </div>
            <div className="text-right">
              <div className={changeColorClass(tx.cash_effect)}>
                {t('tx.cashEffect')}: {formatSignedPrice(tx.cash_effect)}
              </div>
              {tx.realized_gain_loss !== null ? (
                <div className={changeColorClass(tx.realized_gain_loss)}>
                  {t('tx.realized')}: {formatSignedPrice(tx.realized_gain_loss)}
                </div>
              ) : null}
            </div>
          </div>
          <div className="flex justify-end gap-1 border-t pt-1.5">
            <RowActions tx={tx} onEdit={onEdit} onDelete={onDelete} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The pages of the ledger read so far, and how to read the next ('Daha fazla'). */
export interface TransactionPages {
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
}

/** How many of the ledger's transactions are shown, and 'Daha fazla' while more are left. */
function MoreTransactions({ shown, pages }: { shown: number; pages: TransactionPages }) {
  const { t } = useTranslation('portfolio');
  if (pages.total === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
      <span data-testid="transactions-shown">
        {t('tx.shown', { shown: formatNumber(shown), total: formatNumber(pages.total) })}
      </span>
      {pages.hasMore ? (
        <Button variant="outline" size="sm" disabled={pages.loadingMore} onClick={pages.onMore}>
          {t('tx.more')}
        </Button>
      ) : null}
    </div>
  );
}

/** The ledger rows with edit and delete (after confirmation); cards below the md breakpoint. */
export function TransactionsTable({
  transactions,
  loading,
  onEdit,
  showSymbol = true,
  pages,
}: {
  transactions: PortfolioTransaction[] | undefined;
  loading: boolean;
  onEdit: (transaction: PortfolioTransaction) => void;
  showSymbol?: boolean;
  pages?: TransactionPages;
}) {
  const { t } = useTranslation('portfolio');
  const remove = useDeleteTransaction();
  const [confirming, setConfirming] = useState<PortfolioTransaction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const phone = useIsPhone();
  const askDelete = (tx: PortfolioTransaction) => {
    setError(null);
    setConfirming(tx);
  };

  return (
    <>
      {phone ? (
        <TransactionCards
          transactions={transactions}
          loading={loading}
          onEdit={onEdit}
          onDelete={askDelete}
        />
      ) : (
        <div className="overflow-x-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('tx.date')}</TableHead>
                <TableHead>{t('tx.type')}</TableHead>
                {showSymbol ? <TableHead>{t('tx.symbol')}</TableHead> : null}
                <TableHead className="text-right">{t('tx.quantity')}</TableHead>
                <TableHead className="text-right">{t('tx.price')}</TableHead>
                <TableHead className="text-right">{t('tx.commission')}</TableHead>
                <TableHead className="text-right">{t('tx.cashEffect')}</TableHead>
                <TableHead className="text-right">{t('tx.realized')}</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">{t('holdings.actions')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {loading && !transactions
                ? Array.from({ length: 4 }, (_, i) => (
                    <TableRow key={i}>
                      <TableCell colSpan={showSymbol ? 9 : 8}>
                        <Skeleton className="h-5 w-full" />
                      </TableCell>
                    </TableRow>
                  ))
                : null}
              {transactions?.length === 0 ? (
                <TableRow>
                  <TableCell
                    colSpan={showSymbol ? 9 : 8}
                    className="py-8 text-center text-sm text-muted-foreground"
                  >
                    {t('tx.empty')}
                  </TableCell>
                </TableRow>
              ) : null}
              {transactions?.map((tx) => (
                <TableRow
                  key={tx.id}
                  data-testid="transaction-row"
                  data-type={tx.type}
                  data-symbol={tx.symbol ?? ''}
                >
                  <TableCell className="tabular-nums whitespace-nowrap">{formatTrDate(tx.date)}</TableCell>
                  <TableCell>
                    <Badge variant={tx.type === 'buy' ? 'up' : tx.type === 'sell' ? 'down' : 'neutral'}>
                      {t(`txType.${tx.type}`)}
                    </Badge>
                    {tx.is_demo ? (
                      <Badge variant="secondary" className="ms-1" data-testid="demo-row">
                        {t('demo.badge')}
                      </Badge>
                    ) : null}
                  </TableCell>
                  {showSymbol ? <TableCell className="font-medium">{tx.symbol ?? MISSING}</TableCell> : null}
                  <TableCell className="text-right tabular-nums">{formatNumber(tx.quantity)}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatPrice(tx.price ?? tx.amount)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatPrice(tx.commission)}</TableCell>
                  <TableCell
                    className={`text-right tabular-nums whitespace-nowrap ${changeColorClass(tx.cash_effect)}`}
                  >
                    {formatSignedPrice(tx.cash_effect)}
                  </TableCell>
                  <TableCell
                    className={`text-right tabular-nums whitespace-nowrap ${changeColorClass(tx.realized_gain_loss)}`}
                  >
                    {formatSignedPrice(tx.realized_gain_loss)}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap">
                    <RowActions tx={tx} onEdit={onEdit} onDelete={askDelete} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {pages && transactions ? <MoreTransactions shown={transactions.length} pages={pages} /> : null}
      <ConfirmDialog
        open={confirming !== null}
        title={t('tx.deleteTitle')}
        text={
          confirming
            ? t('tx.deleteText', {
                date: formatTrDate(confirming.date),
                type: t(`txType.${confirming.type}`),
                symbol: confirming.symbol ?? '',
              })
            : ''
        }
        confirmLabel={t('tx.delete')}
        cancelLabel={t('common.cancel')}
        pending={remove.isPending}
        error={error}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        onConfirm={() => {
          if (!confirming) return;
          remove.mutate(confirming.id, {
            onSuccess: () => {
              toast.success(t('tx.deleted'));
              setConfirming(null);
            },
            onError: (e) => setError(isApiError(e) ? e.displayMessage : t('common.failed')),
          });
        }}
      />
    </>
  );
}
