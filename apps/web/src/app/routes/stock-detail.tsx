import { StockPage } from '@/features/market/components/stock/stock-page';
import { WatchlistToggle } from '@/features/watchlist/components/watchlist-toggle';
import { PriceAlertButton } from '@/features/alerts/components/price-alert-button';
import { StockPredictionCard } from '@/features/predictions/components/stock-prediction-card';

/** The stock page, with the watchlist and price-alert actions and the production model's prediction card. */
export default function StockDetailRoute() {
  return (
    <StockPage
      actions={(symbol) => (
        <>
          <WatchlistToggle symbol={symbol} />
          <PriceAlertButton symbol={symbol} />
        </>
      )}
      panels={(symbol) => <StockPredictionCard symbol={symbol} />}
    />
  );
}
