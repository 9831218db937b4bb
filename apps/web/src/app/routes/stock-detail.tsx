import { StockPage } from '@/features/market/components/stock/stock-page';

export default function StockDetailRoute() {
  return <StockPage />;
}
