import { Link } from 'react-router';
import { Activity, ArrowRight, KeyRound, RefreshCw, Server, Users } from 'lucide-react';
import { ADMIN_QUICK_ACTIONS, ADMIN_ROLES, type AdminDashboardStats } from '@bist/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { useDashboardStats } from '@/features/admin/api/get-dashboard-stats';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { canAccessScreen, useAdminSession } from '@/lib/admin-session';
import { AuditSummary } from '@/features/admin/components/audit/audit-summary';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { RoleBadge } from '@/components/role-badge';
import '@/features/admin/i18n';

type Health = 'ok' | 'degraded' | 'down' | 'not_configured' | AdminDashboardStats['system_status'];

function healthVariant(status: Health): 'up' | 'down' | 'neutral' | 'secondary' {
  if (status === 'ok' || status === 'operational') return 'up';
  if (status === 'down') return 'down';
  if (status === 'degraded') return 'secondary';
  return 'neutral';
}

/** /admin/dashboard (spec §2 and issue 6 item 5). */
export function AdminDashboardPage() {
  const { t } = useAdminTranslation();
  const { session } = useAdminSession();
  useDocumentTitle(t('dashboard.title'));
  const stats = useDashboardStats();
  const user = session?.user;
  const quickActions = ADMIN_QUICK_ACTIONS.filter((action) => canAccessScreen(user, action.path));

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

      {stats.isError ? (
        <ErrorCard
          message={t('dashboard.loadFailed')}
          retry={{ label: t('common.retry'), onRetry: () => void stats.refetch() }}
        />
      ) : (
        <DashboardBody stats={stats.data} />
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('dashboard.quickActions')}</CardTitle>
          </CardHeader>
          <CardContent>
            {quickActions.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('dashboard.noQuickActions')}</p>
            ) : (
              <ul className="grid gap-2 sm:grid-cols-2">
                {quickActions.map((action) => (
                  <li key={action.path}>
                    <Link
                      to={action.path}
                      className="flex items-center justify-between rounded-lg border px-3 py-2.5 text-sm font-medium transition-colors hover:bg-muted"
                    >
                      {t(`quickActions.${action.path.replace('/admin/', '')}`, {
                        defaultValue: action.label,
                      })}
                      <ArrowRight className="size-4 text-muted-foreground" aria-hidden="true" />
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('dashboard.recentActivity')}</CardTitle>
          </CardHeader>
          <CardContent>
            {stats.data ? (
              stats.data.recent_activity.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('dashboard.noActivity')}</p>
              ) : (
                <AuditSummary entries={stats.data.recent_activity.slice(0, 8)} />
              )
            ) : stats.isError ? (
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
      </div>
    </div>
  );
}

function DashboardBody({ stats }: { stats: AdminDashboardStats | undefined }) {
  const { t } = useAdminTranslation();
  if (!stats) {
    return (
      <div className="space-y-6">
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-[7.5rem] rounded-xl" />
          ))}
        </div>
        <Skeleton className="h-64 rounded-xl" />
      </div>
    );
  }
  const components = [
    { key: 'database', ...stats.components.database },
    { key: 'market_feed', ...stats.components.market_feed },
    { key: 'job_queue', ...stats.components.job_queue },
  ] as const;

  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          testId="stat-total-users"
          title={t('dashboard.totalUsers')}
          icon={Users}
          value={stats.total_users.toLocaleString('en-GB')}
          hint={t('dashboard.totalUsersHint')}
        />
        <StatCard
          testId="stat-active-sessions"
          title={t('dashboard.activeSessions')}
          icon={Activity}
          value={stats.active_sessions.toLocaleString('en-GB')}
          hint={t('dashboard.activeSessionsHint')}
        />
        <StatCard
          testId="stat-recent-logins"
          title={t('dashboard.recentLogins')}
          icon={KeyRound}
          value={stats.recent_logins_24h.toLocaleString('en-GB')}
          hint={t('dashboard.recentLoginsHint')}
        />
        <StatCard
          testId="stat-system-status"
          title={t('dashboard.systemStatus')}
          icon={Server}
          value={
            <Badge variant={healthVariant(stats.system_status)} className="text-sm">
              {t(`health.${stats.system_status}`)}
            </Badge>
          }
          footer={
            <ul className="space-y-1">
              {components.map((component) => (
                <li
                  key={component.key}
                  className="flex items-center justify-between gap-2"
                  title={component.detail}
                >
                  <span>{t(`dashboard.components.${component.key}`)}</span>
                  <Badge variant={healthVariant(component.status)}>{t(`health.${component.status}`)}</Badge>
                </li>
              ))}
            </ul>
          }
        />
      </div>

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
    </div>
  );
}
