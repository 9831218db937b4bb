import { StocksPage } from '@/features/market/components/stocks/stocks-page';
import { WatchlistStarButton } from '@/features/watchlist/components/watchlist-star-button';

/** The stocks list, each row with the watchlist feature's star. */
export default function StocksRoute() {
  return <StocksPage rowAction={(symbol) => <WatchlistStarButton symbol={symbol} />} />;
}
