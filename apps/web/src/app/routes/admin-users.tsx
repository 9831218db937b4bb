import { RequireAdminScreen } from '@/app/admin-guards';
import { UsersPage } from '@/features/admin/components/users/users-page';
import { useAdminTranslation } from '@/lib/admin-i18n';

export default function AdminUsersRoute() {
  const { t } = useAdminTranslation();
  return (
    <RequireAdminScreen path="/admin/users" deniedMessage={t('accessDenied.users')}>
      <UsersPage />
    </RequireAdminScreen>
  );
}
