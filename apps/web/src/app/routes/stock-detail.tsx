import { StockPage } from '@/features/market/components/stock/stock-page';
import { WatchlistToggle } from '@/features/watchlist/components/watchlist-toggle';
import { PriceAlertButton } from '@/features/alerts/components/price-alert-button';

/** The stock page, with the watchlist and price-alert actions of their own features. */
export default function StockDetailRoute() {
  return (
    <StockPage
      actions={(symbol) => (
        <>
          <WatchlistToggle symbol={symbol} />
          <PriceAlertButton symbol={symbol} />
        </>
      )}
    />
  );
}
