import { UsersPage } from '@/features/admin/components/users/users-page';

export default function AdminUsersRoute() {
  return <UsersPage />;
}
