import { Search } from 'lucide-react';
import type { AdminRole } from '@bist/contracts';
import { ADMIN_ROLES } from '@bist/contracts/values';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { AdminUsersFilter } from '@/features/admin/api/get-admin-users';
import { useAdminTranslation } from '@/lib/admin-i18n';
import '@/features/admin/i18n';

type StatusFilter = AdminUsersFilter['status'];

/** Search by name or e-mail, and filter by role and by active or inactive. */
export function UsersFilters({
  searchText,
  onSearchTextChange,
  role,
  onRoleChange,
  status,
  onStatusChange,
}: {
  searchText: string;
  onSearchTextChange: (text: string) => void;
  role: AdminRole | 'all';
  onRoleChange: (role: AdminRole | 'all') => void;
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
}) {
  const { t } = useAdminTranslation();
  return (
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
              onChange={(event) => onSearchTextChange(event.target.value)}
            />
          </div>
        </div>
        <div className="space-y-2">
          <Label htmlFor="users-role">{t('users.roleFilter')}</Label>
          <Select value={role} onValueChange={(value) => onRoleChange(value as AdminRole | 'all')}>
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
          <Select value={status} onValueChange={(value) => onStatusChange(value as StatusFilter)}>
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
  );
}
