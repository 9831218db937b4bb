import { AiAnalyticsPage } from '@/features/admin-ai-analytics/components/ai-analytics-page';
import { RequireAdminScreen } from '@/app/admin-guards';
import { useAdminTranslation } from '@/lib/admin-i18n';

/** /admin/ai: AI-Powered Analytics, behind ai_management (spec §6). */
export default function AdminAiRoute() {
  const { t } = useAdminTranslation();
  return (
    <RequireAdminScreen path="/admin/ai" deniedMessage={t('accessDenied.ai')}>
      <AiAnalyticsPage />
    </RequireAdminScreen>
  );
}
