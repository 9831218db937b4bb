import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { AdminRole, AdminUser } from '@bist/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { useDeleteAdminUser } from '@/features/admin/api/delete-admin-user';
import { useAdminUsers, type AdminUsersFilter } from '@/features/admin/api/get-admin-users';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useAdminSession } from '@/lib/admin-session';
import { isApiError } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';
import { useDocumentTitle } from '@/lib/use-document-title';
import { UserFormDialog } from './user-form-dialog';
import { UsersFilters } from './users-filters';
import { UsersTable } from './users-table';
import '@/features/admin/i18n';

type StatusFilter = AdminUsersFilter['status'];

/**
 * /admin/users: find, add, edit and delete staff accounts. The route shows it only to roles with user_management;
 * the server checks the same permission.
 */
export function UsersPage() {
  const { t } = useAdminTranslation();
  useDocumentTitle(t('users.title'));
  const { session } = useAdminSession();
  const [searchText, setSearchText] = useState('');
  const [role, setRole] = useState<AdminRole | 'all'>('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const search = useDebounced(searchText, 300);
  const users = useAdminUsers({ search, role, status });
  const remove = useDeleteAdminUser();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<AdminUser | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

  const openAdd = () => {
    setEditing(undefined);
    setFormOpen(true);
  };
  const openEdit = (user: AdminUser) => {
    setEditing(user);
    setFormOpen(true);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('users.deleted', { name: deleting.name }));
        setDeleting(null);
      },
      onError: (error) => {
        // 'Failed to delete user' as a toast, with the server's reason (e.g. the last super_admin may not go).
        const reason = isApiError(error) ? error.serverError : undefined;
        toast.error(t('users.deleteFailed'), reason ? { description: reason } : undefined);
        setDeleting(null);
      },
    });
  };

  const list = users.data;

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        actions={
          <Button onClick={openAdd}>
            <Plus />
            {t('users.add')}
          </Button>
        }
      />

      <UsersFilters
        searchText={searchText}
        onSearchTextChange={setSearchText}
        role={role}
        onRoleChange={setRole}
        status={status}
        onStatusChange={setStatus}
      />

      {users.isError ? (
        <ErrorCard
          message={t('users.loadFailed')}
          retry={{ label: t('common.retry'), onRetry: () => void users.refetch() }}
        />
      ) : (
        <Card className="overflow-hidden">
          <UsersTable
            users={list}
            stale={users.isPlaceholderData}
            filtered={searchText !== '' || role !== 'all' || status !== 'all'}
            selfId={session?.user.id}
            onEdit={openEdit}
            onDelete={setDeleting}
          />
          {list ? (
            <p className="border-t px-4 py-2.5 text-sm text-muted-foreground tabular-nums">
              {t('users.count', { count: list.length })}
            </p>
          ) : null}
        </Card>
      )}

      <UserFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        user={editing}
        onSaved={(saved, created) => {
          setFormOpen(false);
          toast.success(
            created ? t('users.created', { name: saved.name }) : t('users.updated', { name: saved.name }),
          );
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('users.deleteTitle')}
        text={t('users.deleteConfirm')}
        confirmLabel={t('users.deleteAction')}
        cancelLabel={t('common.cancel')}
        lang="en"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
