import { CompliancePage } from '@/features/admin-compliance/components/compliance-page';
import { RequireAdminScreen } from '@/app/admin-guards';
import { useAdminTranslation } from '@/lib/admin-i18n';

/** /admin/compliance: compliance & risk, for compliance_management, compliance_data or compliance_reports. */
export default function AdminComplianceRoute() {
  const { t } = useAdminTranslation();
  return (
    <RequireAdminScreen path="/admin/compliance" deniedMessage={t('accessDenied.compliance')}>
      <CompliancePage />
    </RequireAdminScreen>
  );
}
