import { IndicesPage } from '@/features/market/components/indices/indices-page';

export default function IndicesRoute() {
  return <IndicesPage />;
}
