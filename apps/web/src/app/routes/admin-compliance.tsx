import { CompliancePage } from '@/features/admin-compliance/components/compliance-page';

/** /admin/compliance: compliance & risk, for compliance_management, compliance_data or compliance_reports. */
export default function AdminComplianceRoute() {
  return <CompliancePage />;
}
