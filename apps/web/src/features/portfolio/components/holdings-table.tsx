import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { History, Minus, Plus } from 'lucide-react';
import type { Holding } from '@bist/contracts';
import { Badge } from '@/components/ui/badge';
import { IconButton } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { changeColorClass, formatChange, formatNumber, formatPrice, formatSignedPrice } from '@/lib/format';
import { useIsPhone } from '@/lib/use-media-query';
import { holdingBadge } from '@/features/portfolio/lib/portfolio-rules';
import '@/features/portfolio/i18n';

interface HoldingsProps {
  holdings: Holding[] | undefined;
  loading: boolean;
  onBuy: (holding: Holding) => void;
  onSell: (holding: Holding) => void;
  onHistory: (holding: Holding) => void;
}

function HoldingActions({
  holding: h,
  onBuy,
  onSell,
  onHistory,
}: Omit<HoldingsProps, 'holdings' | 'loading'> & { holding: Holding }) {
  const { t } = useTranslation('portfolio');
  return (
    <div className="inline-flex gap-1">
      <IconButton
        className="size-8"
        tone="up"
        label={t('holdings.buyMore', { symbol: h.symbol })}
        onClick={() => onBuy(h)}
      >
        <Plus />
      </IconButton>
      <IconButton
        className="size-8"
        tone="down"
        label={t('holdings.sell', { symbol: h.symbol })}
        onClick={() => onSell(h)}
      >
        <Minus />
      </IconButton>
      <IconButton
        className="size-8"
        label={t('holdings.history', { symbol: h.symbol })}
        onClick={() => onHistory(h)}
      >
        <History />
      </IconButton>
    </div>
  );
}

/** The holding's symbol (a link to its page) with its Güçlü/Zayıf badge beyond ±10 %. */
function HoldingSymbol({ holding: h }: { holding: Holding }) {
  const { t } = useTranslation('portfolio');
  const badge = holdingBadge(h.gain_loss_percent);
  return (
    <div className="flex items-center gap-2">
      <Link to={`/stocks/${h.symbol}`} className="font-semibold hover:underline">
        {h.symbol}
      </Link>
      {badge ? (
        <Badge variant={badge === 'strong' ? 'up' : 'down'} data-testid="holding-badge">
          {badge === 'strong' ? t('holdings.strong') : t('holdings.weak')}
        </Badge>
      ) : null}
    </div>
  );
}

/** Phones: one card per holding that always shows symbol, price, day's change and K/Z; nothing scrolls sideways. */
function HoldingCards({ holdings, loading, ...actions }: HoldingsProps) {
  const { t } = useTranslation('portfolio');
  if (loading && !holdings)
    return (
      <div className="grid gap-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-28 w-full" />
        ))}
      </div>
    );
  if (holdings?.length === 0)
    return <p className="py-8 text-center text-sm text-muted-foreground">{t('holdings.empty')}</p>;
  return (
    <ul className="grid gap-3" data-testid="holdings-cards">
      {holdings?.map((h) => {
        return (
          <li
            key={h.symbol}
            data-testid="holding-row"
            data-symbol={h.symbol}
            data-current-price={formatPrice(h.current_price)}
            className="grid gap-2 rounded-lg border p-3 text-sm"
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <HoldingSymbol holding={h} />
                <div className="truncate text-xs text-muted-foreground">{h.company_name}</div>
              </div>
              <div className="text-right tabular-nums">
                <div className="font-medium">{formatPrice(h.current_price)}</div>
                <div className={`text-xs ${changeColorClass(h.daily_change_percent)}`}>
                  {formatChange(h.daily_change_percent)}
                </div>
              </div>
            </div>
            <dl className="grid grid-cols-3 gap-2 tabular-nums">
              <div>
                <dt className="text-xs text-muted-foreground">{t('holdings.quantity')}</dt>
                <dd data-col="quantity">{formatNumber(h.quantity)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('holdings.marketValue')}</dt>
                <dd>{formatPrice(h.market_value)}</dd>
              </div>
              <div className="text-right">
                <dt className="text-xs text-muted-foreground">{t('holdings.gainLoss')}</dt>
                <dd className={changeColorClass(h.gain_loss)}>
                  <div>{formatSignedPrice(h.gain_loss)}</div>
                  <div className="text-xs">{formatChange(h.gain_loss_percent)}</div>
                </dd>
              </div>
            </dl>
            <div className="flex items-center justify-between gap-2 border-t pt-2">
              <span className="text-xs text-muted-foreground tabular-nums">
                {t('holdings.avgCost')}: {formatPrice(h.avg_cost)}
              </span>
              <HoldingActions holding={h} {...actions} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Holdings: symbol, quantity, average cost, price, value, P/L, change, actions; Güçlü/Zayıf beyond ±10 %. Cards
 * instead of the table below the md breakpoint.
 */
export function HoldingsTable(props: HoldingsProps) {
  const phone = useIsPhone();
  return phone ? <HoldingCards {...props} /> : <HoldingsGrid {...props} />;
}

function HoldingsGrid({ holdings, loading, ...actions }: HoldingsProps) {
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
            return (
              <TableRow
                key={h.symbol}
                data-testid="holding-row"
                data-symbol={h.symbol}
                data-current-price={formatPrice(h.current_price)}
              >
                <TableCell>
                  <HoldingSymbol holding={h} />
                  <div className="max-w-48 truncate text-xs text-muted-foreground">{h.company_name}</div>
                </TableCell>
                <TableCell className="text-right tabular-nums" data-col="quantity">
                  {formatNumber(h.quantity)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatPrice(h.avg_cost)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatPrice(h.current_price)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatPrice(h.market_value)}</TableCell>
                <TableCell className={`text-right tabular-nums ${changeColorClass(h.gain_loss)}`}>
                  <div>{formatSignedPrice(h.gain_loss)}</div>
                  <div className="text-xs">{formatChange(h.gain_loss_percent)}</div>
                </TableCell>
                <TableCell className={`text-right tabular-nums ${changeColorClass(h.daily_change_percent)}`}>
                  {formatChange(h.daily_change_percent)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap">
                  <HoldingActions holding={h} {...actions} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
