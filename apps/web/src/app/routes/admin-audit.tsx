import { AuditPage } from '@/features/admin/components/audit/audit-page';

export default function AdminAuditRoute() {
  return <AuditPage />;
}
