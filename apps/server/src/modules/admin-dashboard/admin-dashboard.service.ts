import {
  ADMIN_ROLES,
  AUDIT_ACTIONS,
  ROLE_INFO,
  type AdminDashboardStats,
  type MarketCoverage,
  type SystemStatus,
  hasPermission,
} from '@bist/contracts';
import type { ComponentHealth } from '@/lib/health';
import type { Database } from '@/db/client';
import type { AdminAuthService } from '@/modules/admin-auth/admin-auth.service';
import type { AdminUsersService } from '@/modules/admin-users/admin-users.service';
import type { AuditService } from '@/modules/audit/audit.service';
import { roleView, type RoleViewSources } from './role-views.ts';

/** Recent activity entries on the dashboard. */
export const DASHBOARD_RECENT_ACTIVITY = 10;
const DAY_MS = 24 * 3_600_000;

/**
 * Overall status from the components: the database down → down (nothing works); any component down or degraded →
 * degraded; else operational. A component that is not configured (e.g. no job queue in this process) is not a fault.
 */
export function systemStatusOf(
  components: [database: ComponentHealth, ...others: ComponentHealth[]],
): SystemStatus {
  const [database] = components;
  if (database?.status === 'down') return 'down';
  if (components.some((c) => c.status === 'down' || c.status === 'degraded')) return 'degraded';
  return 'operational';
}

export interface DashboardSources {
  database: Pick<Database, 'ping'>;
  /** Read on every call: the market feed and the job queue start after the app is built. */
  components: () => { marketFeed: ComponentHealth; jobQueue: ComponentHealth };
  /** The market data's coverage and freshness (null without a market engine). */
  marketData?: () => Promise<MarketCoverage | null>;
}

/** The admin dashboard's figures, all from real data: staff, sessions, audit log and health checks. */
export class AdminDashboardService {
  private roleViewSources: RoleViewSources | null = null;

  constructor(
    private readonly users: AdminUsersService,
    private readonly auth: AdminAuthService,
    private readonly audit: AuditService,
    private readonly sources: DashboardSources,
  ) {}

  /** Where the per-role sections read from (set once the services they read exist). */
  useRoleViews(sources: RoleViewSources): void {
    this.roleViewSources = sources;
  }

  /**
   * Dashboard figures. Recent activity comes from the audit log, so only staff who may read the audit log (`all`)
   * get it; the others get an empty list rather than a side door into who did what.
   */
  async stats(viewerPermissions: readonly string[]): Promise<AdminDashboardStats> {
    const mayReadAudit = hasPermission(viewerPermissions, 'all');
    const [byRole, activeSessions, recentLogins, recentActivity, latencyMs, marketData, view] =
      await Promise.all([
        this.users.countByRole(),
        this.auth.countActiveSessions(),
        this.audit.countRecent(AUDIT_ACTIONS.loginSucceeded, DAY_MS),
        mayReadAudit ? this.audit.recent(DASHBOARD_RECENT_ACTIVITY) : Promise.resolve([]),
        this.sources.database.ping(),
        this.sources.marketData?.() ?? Promise.resolve(null),
        roleView(viewerPermissions, this.roleViewSources),
      ]);
    const { marketFeed, jobQueue } = this.sources.components();
    const database: ComponentHealth =
      latencyMs === null
        ? { status: 'down', detail: 'Database does not answer' }
        : { status: 'ok', detail: `Database answered in ${latencyMs} ms` };

    const roleDistribution = Object.fromEntries(
      ADMIN_ROLES.map((role) => [
        role,
        {
          count: byRole[role] ?? 0,
          info: { description: ROLE_INFO[role].description, level: ROLE_INFO[role].level },
        },
      ]),
    ) as AdminDashboardStats['role_distribution'];

    return {
      total_users: Object.values(byRole).reduce((sum, n) => sum + n, 0),
      active_sessions: activeSessions,
      recent_logins_24h: recentLogins,
      system_status: systemStatusOf([database, marketFeed, jobQueue]),
      role_distribution: roleDistribution,
      components: {
        database: { ...database, latency_ms: latencyMs },
        market_feed: marketFeed,
        job_queue: jobQueue,
      },
      recent_activity: recentActivity,
      market_data: marketData,
      role_view: view,
    };
  }
}
