import { PortfolioPage } from '@/features/portfolio/components/portfolio-page';

export default function PortfolioRoute() {
  return <PortfolioPage />;
}
