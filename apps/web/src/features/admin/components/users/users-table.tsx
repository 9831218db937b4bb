import { Pencil, Trash2 } from 'lucide-react';
import type { AdminUser } from '@bist/contracts';
import { RoleBadge } from '@/components/role-badge';
import { Badge } from '@/components/ui/badge';
import { IconButton } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatAdminDate, formatAdminDateTime } from '@/features/admin/lib/admin-format';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { cn } from '@/lib/utils';
import '@/features/admin/i18n';

/**
 * The staff accounts with role, status, last sign-in and creation date; edit and delete per row (nobody deletes
 * themselves). Skeleton rows until the first answer; dimmed while a new filter loads.
 */
export function UsersTable({
  users,
  stale,
  filtered,
  selfId,
  onEdit,
  onDelete,
}: {
  users: AdminUser[] | undefined;
  stale: boolean;
  filtered: boolean;
  selfId: string | undefined;
  onEdit: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}) {
  const { t } = useAdminTranslation();
  const list = users;
  return (
    <div className="max-h-[calc(100dvh-20rem)] min-h-64 overflow-auto">
      <Table className={cn(stale && 'opacity-60')}>
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
                {filtered ? t('users.emptyFiltered') : t('users.empty')}
              </TableCell>
            </TableRow>
          ) : (
            list.map((user) => {
              const self = user.id === selfId;
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
                  <TableCell className="whitespace-nowrap">{formatAdminDate(user.created_at)}</TableCell>
                  <TableCell className="text-right whitespace-nowrap">
                    <IconButton label={t('users.edit', { name: user.name })} onClick={() => onEdit(user)}>
                      <Pencil />
                    </IconButton>
                    <IconButton
                      tone="down"
                      className="hover:bg-down/10"
                      onClick={() => onDelete(user)}
                      disabled={self}
                      label={t('users.delete', { name: user.name })}
                      title={self ? t('users.cannotDeleteSelf') : undefined}
                    >
                      <Trash2 />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </div>
  );
}
