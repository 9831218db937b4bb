import { Activity, KeyRound, Server, Users } from 'lucide-react';
import type { AdminDashboardStats } from '@bist/contracts';
import { StatCard } from '@/components/stat-card';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { MarketDataCard } from './market-data-card';
import { ReferenceSeriesCard } from './reference-series-card';
import { RoleDistributionCard } from './role-distribution-card';
import '@/features/admin/i18n';

type Health = 'ok' | 'degraded' | 'down' | 'not_configured' | AdminDashboardStats['system_status'];

function healthVariant(status: Health): 'up' | 'down' | 'neutral' | 'secondary' {
  if (status === 'ok' || status === 'operational') return 'up';
  if (status === 'down') return 'down';
  if (status === 'degraded') return 'secondary';
  return 'neutral';
}

/**
 * Staff accounts, active sessions, sign-ins of the last 24 hours and the system's health (each component's too),
 * the market history's coverage (when this process runs the market), then the role distribution. Skeletons until the statistics arrive.
 */
export function DashboardStats({ stats }: { stats: AdminDashboardStats | undefined }) {
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
          footer={t('dashboard.totalUsersHint')}
        />
        <StatCard
          testId="stat-active-sessions"
          title={t('dashboard.activeSessions')}
          icon={Activity}
          value={stats.active_sessions.toLocaleString('en-GB')}
          footer={t('dashboard.activeSessionsHint')}
        />
        <StatCard
          testId="stat-recent-logins"
          title={t('dashboard.recentLogins')}
          icon={KeyRound}
          value={stats.recent_logins_24h.toLocaleString('en-GB')}
          footer={t('dashboard.recentLoginsHint')}
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

      {stats.market_data ? <MarketDataCard coverage={stats.market_data} /> : null}
      {stats.market_data ? <ReferenceSeriesCard /> : null}

      <RoleDistributionCard stats={stats} />
    </div>
  );
}
