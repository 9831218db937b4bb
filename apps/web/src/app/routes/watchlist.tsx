import { PriceAlertButton } from '@/features/alerts/components/price-alert-button';
import { WatchlistAddButton } from '@/features/watchlist/components/watchlist-add-button';
import { WatchlistPage } from '@/features/watchlist/components/watchlist-page';

/** İzleme Listesi, each row with the alerts feature's 'Alarm Kur' for its symbol. */
export default function WatchlistRoute() {
  return (
    <WatchlistPage
      actions={<WatchlistAddButton />}
      rowAction={(symbol) => <PriceAlertButton symbol={symbol} size="sm" />}
    />
  );
}
