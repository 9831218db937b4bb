import type { AdminDashboardStats } from '@bist/contracts';
import { ADMIN_ROLES } from '@bist/contracts/values';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAdminTranslation } from '@/lib/admin-i18n';
import '@/features/admin/i18n';

/** How many staff accounts hold each role, with what the role may do. */
export function RoleDistributionCard({ stats }: { stats: AdminDashboardStats }) {
  const { t } = useAdminTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.roleDistribution')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-x-6 gap-y-3 md:grid-cols-2">
          {ADMIN_ROLES.map((role) => {
            const entry = stats.role_distribution[role];
            return (
              <li
                key={role}
                className="flex items-start justify-between gap-3 border-b pb-3 last:border-b-0 md:[&:nth-last-child(2)]:border-b-0"
              >
                <div className="min-w-0">
                  <p className="text-sm font-medium">{t(`roles.${role}`)}</p>
                  <p className="text-xs text-muted-foreground">{entry?.info.description ?? '---'}</p>
                </div>
                <span
                  className="text-lg font-semibold tabular-nums"
                  aria-label={t('dashboard.roleCount', { count: entry?.count ?? 0 })}
                >
                  {entry?.count ?? 0}
                </span>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
