import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/context';
import { AuditRepository } from '@/modules/audit/audit.repository';
import { AuditService } from '@/modules/audit/audit.service';
import { auditRoutes } from '@/modules/audit/audit.routes';
import { SettingsRepository } from '@/modules/settings/settings.repository';
import { SettingsService } from '@/modules/settings/settings.service';
import { settingsRoutes } from '@/modules/settings/settings.routes';
import { AdminUsersRepository } from '@/modules/admin-users/admin-users.repository';
import { AdminUsersService } from '@/modules/admin-users/admin-users.service';
import { adminUsersRoutes } from '@/modules/admin-users/admin-users.routes';
import { AdminAuthRepository } from '@/modules/admin-auth/admin-auth.repository';
import { AdminAuthService } from '@/modules/admin-auth/admin-auth.service';
import { adminAuthRoutes } from '@/modules/admin-auth/admin-auth.routes';
import { AdminDashboardService } from '@/modules/admin-dashboard/admin-dashboard.service';
import { adminDashboardRoutes } from '@/modules/admin-dashboard/admin-dashboard.routes';
import { AdminRouteRegistry, installAdminGuard } from './admin-access.ts';

/** The admin platform's services, for main.ts (demo seeding) and for later admin modules (audit, settings). */
export interface AdminPlatform {
  routes: AdminRouteRegistry;
  audit: AuditService;
  settings: SettingsService;
  users: AdminUsersService;
  auth: AdminAuthService;
  dashboard: AdminDashboardService;
}

declare module 'fastify' {
  interface FastifyInstance {
    adminPlatform: AdminPlatform;
  }
}

/**
 * Builds the admin realm on the root instance: installs the RBAC guard for every /admin/api route registered from
 * now on (so call this before any other module registers admin routes), then registers the platform's own routes.
 * The services are also reachable as `app.adminPlatform`.
 */
export async function registerAdminPlatform(app: FastifyInstance, ctx: AppContext): Promise<AdminPlatform> {
  const db = ctx.database.db;
  const audit = new AuditService(new AuditRepository(db), ctx.clock);
  const settings = new SettingsService(new SettingsRepository(db), audit, ctx.clock);
  const users = new AdminUsersService(new AdminUsersRepository(db), audit, ctx.clock);
  const auth = new AdminAuthService(new AdminAuthRepository(db), users, settings, audit, ctx.clock, {
    demoMode: ctx.config.demoMode,
  });
  const dashboard = new AdminDashboardService(users, auth, audit, {
    database: ctx.database,
    health: () => ctx.health,
  });
  const routes = new AdminRouteRegistry();
  const platform: AdminPlatform = { routes, audit, settings, users, auth, dashboard };

  installAdminGuard(app, routes, auth);
  app.decorate('adminPlatform', platform);
  await app.register(adminAuthRoutes(auth));
  await app.register(adminUsersRoutes(users));
  await app.register(adminDashboardRoutes(dashboard));
  await app.register(auditRoutes(audit));
  await app.register(settingsRoutes(settings));
  return platform;
}
