import { AiOperationsPage } from '@/features/admin-ai-operations/components/ai-operations-page';
import { RequireAdminScreen } from '@/app/admin-guards';
import { useAdminTranslation } from '@/lib/admin-i18n';

/** /admin/ai-unified: the AI operations centre, for every staff member (acting needs ai_management). */
export default function AdminAiUnifiedRoute() {
  const { t } = useAdminTranslation();
  return (
    <RequireAdminScreen path="/admin/ai-unified" deniedMessage={t('accessDenied.aiUnified')}>
      <AiOperationsPage />
    </RequireAdminScreen>
  );
}
