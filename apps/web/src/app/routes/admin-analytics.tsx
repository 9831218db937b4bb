import { BiPage } from '@/features/admin-bi/components/bi-page';
import { RequireAdminScreen } from '@/app/admin-guards';
import { useAdminTranslation } from '@/lib/admin-i18n';

/** /admin/analytics: Business Intelligence, behind business_metrics (spec §2). */
export default function AdminAnalyticsRoute() {
  const { t } = useAdminTranslation();
  return (
    <RequireAdminScreen path="/admin/analytics" deniedMessage={t('accessDenied.analytics')}>
      <BiPage />
    </RequireAdminScreen>
  );
}
