import { DashboardPage } from '@/features/market/components/dashboard/dashboard-page';
import { AiSummaryCard } from '@/features/predictions/components/ai-summary-card';

export default function DashboardRoute() {
  return <DashboardPage aiSummary={<AiSummaryCard />} />;
}
