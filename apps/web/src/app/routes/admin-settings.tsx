import { RequireAdminScreen } from '@/app/admin-guards';
import { SettingsPage } from '@/features/admin/components/settings/settings-page';
import { useAdminTranslation } from '@/lib/admin-i18n';

export default function AdminSettingsRoute() {
  const { t } = useAdminTranslation();
  return (
    <RequireAdminScreen path="/admin/settings" deniedMessage={t('accessDenied.settings')}>
      <SettingsPage />
    </RequireAdminScreen>
  );
}
