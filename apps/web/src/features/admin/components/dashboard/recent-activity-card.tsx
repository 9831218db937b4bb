import type { AdminDashboardStats } from '@bist/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AuditSummary } from '@/features/admin/components/audit/audit-summary';
import { useAdminTranslation } from '@/lib/admin-i18n';
import '@/features/admin/i18n';

/** The last eight audit entries; skeleton lines while loading, '---' when the statistics failed. */
export function RecentActivityCard({
  stats,
  failed,
}: {
  stats: AdminDashboardStats | undefined;
  failed: boolean;
}) {
  const { t } = useAdminTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.recentActivity')}</CardTitle>
      </CardHeader>
      <CardContent>
        {stats ? (
          stats.recent_activity.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('dashboard.noActivity')}</p>
          ) : (
            <AuditSummary entries={stats.recent_activity.slice(0, 8)} />
          )
        ) : failed ? (
          <p className="text-sm text-muted-foreground">---</p>
        ) : (
          <div className="space-y-3">
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} className="h-10 w-full" />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
