import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { History, Minus, Plus } from 'lucide-react';
import type { Holding } from '@bist/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { changeColorClass, formatChange, formatNumber, formatPrice } from '@/lib/format';
import { holdingBadge } from '@/features/portfolio/lib/portfolio-rules';
import '@/features/portfolio/i18n';

function signed(value: number): string {
  return `${value > 0 ? '+' : ''}${formatPrice(value)}`;
}

/** Holdings: symbol, quantity, average cost, price, value, P/L, change, actions; Güçlü/Zayıf beyond ±10 %. */
export function HoldingsTable({
  holdings,
  loading,
  readOnly,
  onBuy,
  onSell,
  onHistory,
}: {
  holdings: Holding[] | undefined;
  loading: boolean;
  readOnly: boolean;
  onBuy: (holding: Holding) => void;
  onSell: (holding: Holding) => void;
  onHistory: (holding: Holding) => void;
}) {
  const { t } = useTranslation('portfolio');
  return (
    <div className="overflow-x-auto">
      <Table data-testid="holdings-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t('holdings.symbol')}</TableHead>
            <TableHead className="text-right">{t('holdings.quantity')}</TableHead>
            <TableHead className="text-right">{t('holdings.avgCost')}</TableHead>
            <TableHead className="text-right">{t('holdings.price')}</TableHead>
            <TableHead className="text-right">{t('holdings.marketValue')}</TableHead>
            <TableHead className="text-right">{t('holdings.gainLoss')}</TableHead>
            <TableHead className="text-right">{t('holdings.change')}</TableHead>
            <TableHead className="text-right">{t('holdings.actions')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading && !holdings
            ? Array.from({ length: 4 }, (_, i) => (
                <TableRow key={i}>
                  {Array.from({ length: 8 }, (_, j) => (
                    <TableCell key={j}>
                      <Skeleton className="h-5 w-full" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : null}
          {holdings?.length === 0 ? (
            <TableRow>
              <TableCell colSpan={8} className="py-10 text-center text-sm text-muted-foreground">
                {t('holdings.empty')}
              </TableCell>
            </TableRow>
          ) : null}
          {holdings?.map((h) => {
            const badge = holdingBadge(h.gain_loss_percent);
            return (
              <TableRow key={h.symbol} data-testid="holding-row" data-symbol={h.symbol}>
                <TableCell>
                  <div className="flex items-center gap-2">
                    {readOnly ? (
                      <span className="font-semibold">{h.symbol}</span>
                    ) : (
                      <Link to={`/stocks/${h.symbol}`} className="font-semibold hover:underline">
                        {h.symbol}
                      </Link>
                    )}
                    {badge ? (
                      <Badge variant={badge === 'strong' ? 'up' : 'down'} data-testid="holding-badge">
                        {badge === 'strong' ? t('holdings.strong') : t('holdings.weak')}
                      </Badge>
                    ) : null}
                  </div>
                  <div className="max-w-48 truncate text-xs text-muted-foreground">{h.company_name}</div>
                </TableCell>
                <TableCell className="text-right tabular-nums" data-col="quantity">
                  {formatNumber(h.quantity)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatPrice(h.avg_cost)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatPrice(h.current_price)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatPrice(h.market_value)}</TableCell>
                <TableCell className={`text-right tabular-nums ${changeColorClass(h.gain_loss)}`}>
                  <div>{signed(h.gain_loss)}</div>
                  <div className="text-xs">{formatChange(h.gain_loss_percent)}</div>
                </TableCell>
                <TableCell className={`text-right tabular-nums ${changeColorClass(h.daily_change_percent)}`}>
                  {formatChange(h.daily_change_percent)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap">
                  {readOnly ? null : (
                    <div className="inline-flex gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8 text-up hover:text-up"
                        aria-label={t('holdings.buyMore', { symbol: h.symbol })}
                        title={t('holdings.buyMore', { symbol: h.symbol })}
                        onClick={() => onBuy(h)}
                      >
                        <Plus />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8 text-down hover:text-down"
                        aria-label={t('holdings.sell', { symbol: h.symbol })}
                        title={t('holdings.sell', { symbol: h.symbol })}
                        onClick={() => onSell(h)}
                      >
                        <Minus />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        aria-label={t('holdings.history', { symbol: h.symbol })}
                        title={t('holdings.history', { symbol: h.symbol })}
                        onClick={() => onHistory(h)}
                      >
                        <History />
                      </Button>
                    </div>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
