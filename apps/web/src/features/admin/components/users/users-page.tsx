import { useState } from 'react';
import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { ADMIN_ROLES, type AdminRole, type AdminUser } from '@bist/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { useDeleteAdminUser } from '@/features/admin/api/delete-admin-user';
import { useAdminUsers, type AdminUsersFilter } from '@/features/admin/api/get-admin-users';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { formatAdminDate, formatAdminDateTime } from '@/features/admin/lib/admin-format';
import { useAdminSession } from '@/lib/admin-session';
import { useDebounced } from '@/lib/use-debounced';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { RoleBadge } from '@/components/role-badge';
import { UserFormDialog } from './user-form-dialog';
import '@/features/admin/i18n';

type StatusFilter = AdminUsersFilter['status'];

/** /admin/users (spec §2 Admin user management; issue 6 item 4). The route wraps it in the user_management gate. */
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
        // Spec §8 alert 'Failed to delete user', as a toast, with the server's reason (e.g. the last super_admin).
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

      <Card>
        <CardContent className="grid gap-4 p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <div className="space-y-2">
            <Label htmlFor="users-search">{t('users.search')}</Label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id="users-search"
                type="search"
                className="pl-9"
                placeholder={t('users.searchPlaceholder')}
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
              />
            </div>
          </div>
          <div className="space-y-2">
            <Label htmlFor="users-role">{t('users.roleFilter')}</Label>
            <Select value={role} onValueChange={(value) => setRole(value as AdminRole | 'all')}>
              <SelectTrigger id="users-role">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">{t('users.allRoles')}</SelectItem>
                {ADMIN_ROLES.map((item) => (
                  <SelectItem key={item} value={item}>
                    {t(`roles.${item}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="space-y-2">
            <Label htmlFor="users-status">{t('users.statusFilter')}</Label>
            <Select value={status} onValueChange={(value) => setStatus(value as StatusFilter)}>
              <SelectTrigger id="users-status">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">{t('users.allStatuses')}</SelectItem>
                <SelectItem value="active">{t('users.active')}</SelectItem>
                <SelectItem value="inactive">{t('users.inactive')}</SelectItem>
              </SelectContent>
            </Select>
          </div>
        </CardContent>
      </Card>

      {users.isError ? (
        <ErrorCard
          message={t('users.loadFailed')}
          retry={{ label: t('common.retry'), onRetry: () => void users.refetch() }}
        />
      ) : (
        <Card className="overflow-hidden">
          <div className="max-h-[calc(100dvh-20rem)] min-h-64 overflow-auto">
            <Table className={cn(users.isPlaceholderData && 'opacity-60')}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>{t('users.columns.user')}</TableHead>
                  <TableHead>{t('users.columns.role')}</TableHead>
                  <TableHead>{t('users.columns.status')}</TableHead>
                  <TableHead>{t('users.columns.lastLogin')}</TableHead>
                  <TableHead>{t('users.columns.created')}</TableHead>
                  <TableHead className="text-right">{t('users.columns.actions')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list === undefined ? (
                  Array.from({ length: 5 }, (_, index) => (
                    <TableRow key={index}>
                      <TableCell colSpan={6}>
                        <Skeleton className="h-9 w-full" />
                      </TableCell>
                    </TableRow>
                  ))
                ) : list.length === 0 ? (
                  <TableRow className="hover:bg-transparent">
                    <TableCell colSpan={6} className="py-12 text-center text-muted-foreground">
                      {searchText || role !== 'all' || status !== 'all'
                        ? t('users.emptyFiltered')
                        : t('users.empty')}
                    </TableCell>
                  </TableRow>
                ) : (
                  list.map((user) => {
                    const self = user.id === session?.user.id;
                    return (
                      <TableRow key={user.id} data-testid="user-row">
                        <TableCell className="min-w-48">
                          <div className="font-medium">
                            {user.name}
                            {self ? (
                              <span className="ml-2 text-xs text-muted-foreground">{t('users.you')}</span>
                            ) : null}
                          </div>
                          <div className="text-xs text-muted-foreground">{user.email}</div>
                        </TableCell>
                        <TableCell>
                          <RoleBadge role={user.role} />
                        </TableCell>
                        <TableCell>
                          <Badge variant={user.is_active ? 'up' : 'neutral'}>
                            {user.is_active ? t('users.active') : t('users.inactive')}
                          </Badge>
                        </TableCell>
                        <TableCell className="whitespace-nowrap">
                          {user.last_login ? formatAdminDateTime(user.last_login) : t('users.never')}
                        </TableCell>
                        <TableCell className="whitespace-nowrap">
                          {formatAdminDate(user.created_at)}
                        </TableCell>
                        <TableCell className="text-right whitespace-nowrap">
                          <Button
                            variant="ghost"
                            size="icon"
                            onClick={() => openEdit(user)}
                            aria-label={t('users.edit', { name: user.name })}
                            title={t('users.edit', { name: user.name })}
                          >
                            <Pencil />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon"
                            className="text-down hover:bg-down/10 hover:text-down"
                            onClick={() => setDeleting(user)}
                            disabled={self}
                            aria-label={t('users.delete', { name: user.name })}
                            title={
                              self ? t('users.cannotDeleteSelf') : t('users.delete', { name: user.name })
                            }
                          >
                            <Trash2 />
                          </Button>
                        </TableCell>
                      </TableRow>
                    );
                  })
                )}
              </TableBody>
            </Table>
          </div>
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
