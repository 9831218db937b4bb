import { AiAnalyticsPage } from '@/features/admin-ai-analytics/components/ai-analytics-page';
import { marketStockLookup } from '@/app/providers/stock-lookup';
import { StockLookupContext } from '@/lib/stock-lookup';

/** /admin/ai: AI-Powered Analytics, behind ai_management (spec §6); its optimiser's stock search uses the market's lookups. */
export default function AdminAiRoute() {
  return (
    <StockLookupContext.Provider value={marketStockLookup}>
      <AiAnalyticsPage />
    </StockLookupContext.Provider>
  );
}
