import type { AdminRole } from '@bist/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { useAdminTranslation } from '@/lib/admin-i18n';

/** The role as a badge; super_admin stands out. */
export function RoleBadge({ role, className }: { role: AdminRole; className?: string }) {
  const { t } = useAdminTranslation();
  return (
    <Badge
      variant={role === 'super_admin' ? 'default' : 'secondary'}
      className={cn(className)}
      data-testid="role-badge"
    >
      {t(`roles.${role}`)}
    </Badge>
  );
}
