import { StocksPage } from '@/features/market/components/stocks/stocks-page';

export default function StocksRoute() {
  return <StocksPage />;
}
