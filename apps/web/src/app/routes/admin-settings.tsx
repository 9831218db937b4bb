import { RequireAdminScreen } from '@/features/admin/components/require-admin';
import { SettingsPage } from '@/features/admin/components/settings/settings-page';
import { useAdminTranslation } from '@/features/admin/i18n';

export default function AdminSettingsRoute() {
  const { t } = useAdminTranslation();
  return (
    <RequireAdminScreen path="/admin/settings" deniedMessage={t('accessDenied.settings')}>
      <SettingsPage />
    </RequireAdminScreen>
  );
}
