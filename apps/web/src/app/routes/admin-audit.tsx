import { AuditPage } from '@/features/admin/components/audit/audit-page';
import { RequireAdminScreen } from '@/app/admin-guards';
import { useAdminTranslation } from '@/lib/admin-i18n';

export default function AdminAuditRoute() {
  const { t } = useAdminTranslation();
  return (
    <RequireAdminScreen path="/admin/audit" deniedMessage={t('accessDenied.audit')}>
      <AuditPage />
    </RequireAdminScreen>
  );
}
