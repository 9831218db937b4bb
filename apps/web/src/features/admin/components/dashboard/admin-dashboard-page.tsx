import { RefreshCw } from 'lucide-react';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { RoleBadge } from '@/components/role-badge';
import { StaffSourceLine } from '@/components/staff-source-line';
import { Button } from '@/components/ui/button';
import { useDashboardStats } from '@/features/admin/api/get-dashboard-stats';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useAdminSession } from '@/lib/admin-session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { DashboardStats } from './dashboard-stats';
import { QuickActionsCard } from './quick-actions-card';
import { RecentActivityCard } from './recent-activity-card';
import { RoleViewCards } from './role-view-cards';
import '@/features/admin/i18n';

/** /admin/dashboard: a welcome with the role, the platform's figures, quick actions and recent activity. */
export function AdminDashboardPage() {
  const { t } = useAdminTranslation();
  const { session } = useAdminSession();
  useDocumentTitle(t('dashboard.title'));
  const stats = useDashboardStats();
  const user = session?.user;

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('dashboard.title')}
        subtitle={t('dashboard.welcome', { name: user?.name ?? '' })}
        actions={
          <Button
            variant="outline"
            size="sm"
            onClick={() => void stats.refetch()}
            disabled={stats.isFetching}
          >
            <RefreshCw className={cn(stats.isFetching && 'animate-spin')} />
            {t('common.refresh')}
          </Button>
        }
      />
      {user ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <RoleBadge role={user.role} />
          {user.description}
        </p>
      ) : null}

      <StaffSourceLine />

      {/* What the role acts on comes first; the spec's staff-wide cards follow. */}
      {stats.data ? <RoleViewCards view={stats.data.role_view} /> : null}

      {stats.isError ? (
        <ErrorCard
          message={t('dashboard.loadFailed')}
          retry={{ label: t('common.retry'), onRetry: () => void stats.refetch() }}
        />
      ) : (
        <DashboardStats stats={stats.data} />
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <QuickActionsCard />
        <RecentActivityCard stats={stats.data} failed={stats.isError} />
      </div>
    </div>
  );
}
