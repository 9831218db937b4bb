import { NewAlertButton } from '@/features/alerts/components/new-alert-button';
import { PortfolioPage } from '@/features/portfolio/components/portfolio-page';
import { WatchlistAddButton } from '@/features/watchlist/components/watchlist-add-button';
import { WatchlistGrid } from '@/features/watchlist/components/watchlist-grid';

/** The portfolio page, with the alert and watchlist buttons and the watchlist itself from their own features. */
export default function PortfolioRoute() {
  return (
    <PortfolioPage
      actions={
        <>
          <NewAlertButton />
          <WatchlistAddButton />
        </>
      }
      watchlist={<WatchlistGrid />}
    />
  );
}
