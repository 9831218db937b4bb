import { AiAnalyticsPage } from '@/features/admin-ai-analytics/components/ai-analytics-page';
import { RequireAdminScreen } from '@/app/admin-guards';
import { marketStockLookup } from '@/app/providers/stock-lookup';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { StockLookupContext } from '@/lib/stock-lookup';

/** /admin/ai: AI-Powered Analytics, behind ai_management (spec §6); its optimiser's stock search uses the market's lookups. */
export default function AdminAiRoute() {
  const { t } = useAdminTranslation();
  return (
    <RequireAdminScreen path="/admin/ai" deniedMessage={t('accessDenied.ai')}>
      <StockLookupContext.Provider value={marketStockLookup}>
        <AiAnalyticsPage />
      </StockLookupContext.Provider>
    </RequireAdminScreen>
  );
}
