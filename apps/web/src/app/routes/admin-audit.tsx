import { AuditPage } from '@/features/admin/components/audit/audit-page';
import { RequireAdminScreen } from '@/features/admin/components/require-admin';
import { useAdminTranslation } from '@/features/admin/i18n';

export default function AdminAuditRoute() {
  const { t } = useAdminTranslation();
  return (
    <RequireAdminScreen path="/admin/audit" deniedMessage={t('accessDenied.audit')}>
      <AuditPage />
    </RequireAdminScreen>
  );
}
