// Role-based access control for every /admin/api route, enforced by the server (the web only hides what the server
// would refuse). The roles and their permissions are defined in @bist/contracts (roles.ts).
//
// HOW A MODULE DECLARES ITS ADMIN ROUTES:
//
//   app.get('/admin/api/bi/metrics/overview', {
//     config: { adminAccess: adminAccess.permission('business_metrics') },
//     schema: { ... },
//   }, async (request) => { const actor = adminActorOf(request); ... });
//
// - Every route whose URL starts with /admin/api/ MUST declare `config.adminAccess`; a route without it makes the
//   app fail to start (fail closed). Choose one of:
//     adminAccess.public                      no session needed (login, demo accounts)
//     adminAccess.authenticated               any active staff session
//     adminAccess.permission('user_management')   'all' or the named permission
//     adminAccess.anyOf('risk_metrics', 'compliance_data')   'all' or any one of them
// - The guard runs in onRequest (before the body is read): no or a bad token → 401, missing permission → 403.
//   The handler then reads the signed-in staff member with `currentAdmin(request)` / `adminActorOf(request)`.
// - The composition root (src/composition/routes.ts) calls `registerAdminAccess` before any module registers its
//   routes; each admin route lands in the returned registry, which the role × route matrix test
//   (test/admin-access.matrix.test.ts) walks: give a new route a sample request there so the test can expect 2xx
//   for the roles allowed and 403 for the others.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import {
  ADMIN_ROLES,
  meetsRequirement,
  permissionsOf,
  type AdminRole,
  type AdminSessionUser,
  type Permission,
  type PermissionRequirement,
} from '@bist/contracts';
import { ForbiddenError } from '@/lib/errors';
import { bearerToken } from '@/lib/tokens';
import type { AdminActor, RequestMeta } from '@/lib/actor';

export const ADMIN_API_PREFIX = '/admin/api/';

/** What an admin route needs: nothing (public) or one of the spec's permission requirements. */
export type AdminRouteAccess = { kind: 'public' } | PermissionRequirement;

export const adminAccess = {
  public: { kind: 'public' } as AdminRouteAccess,
  authenticated: { kind: 'authenticated' } as AdminRouteAccess,
  permission: (permission: Permission): AdminRouteAccess => ({ kind: 'permission', permission }),
  anyOf: (...permissions: Permission[]): AdminRouteAccess => ({ kind: 'any', permissions }),
};

/** A signed-in staff member as the guard found them. */
export interface AdminPrincipal {
  user: AdminSessionUser;
  sessionId: string;
  tokenHash: string;
}

export interface AdminAuthenticator {
  /** The staff member behind a bearer token; throws UnauthorizedError when there is none. */
  authenticate(token: string | null): Promise<AdminPrincipal>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /admin/api route: who may call it (see plugins/admin-access.ts). */
    adminAccess?: AdminRouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in staff member, set by the admin guard. */
    admin?: AdminPrincipal;
  }
}

export interface AdminRouteEntry {
  method: string;
  url: string;
  access: AdminRouteAccess;
}

/** Every admin route with what it requires, collected as routes are registered. */
export class AdminRouteRegistry {
  private readonly entries = new Map<string, AdminRouteEntry>();

  add(entry: AdminRouteEntry): void {
    this.entries.set(`${entry.method} ${entry.url}`, entry);
  }

  list(): AdminRouteEntry[] {
    return [...this.entries.values()];
  }
}

/** Whether a role may call a route with this access (the role table of @bist/contracts). */
export function roleMayAccess(role: AdminRole, access: AdminRouteAccess): boolean {
  return access.kind === 'public' || meetsRequirement(permissionsOf(role), access);
}

/** The roles that pass a requirement (for docs and tests). */
export function rolesAllowed(access: AdminRouteAccess): AdminRole[] {
  return ADMIN_ROLES.filter((role) => roleMayAccess(role, access));
}

export function describeAccess(access: AdminRouteAccess): string {
  switch (access.kind) {
    case 'public':
      return 'public';
    case 'authenticated':
      return 'any signed-in staff member';
    case 'permission':
      return `permission ${access.permission}`;
    case 'any':
      return `any of ${access.permissions.join(', ')}`;
  }
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** A staff member's request the guard refused for a missing permission. */
export interface AdminRefusal {
  principal: AdminPrincipal;
  method: string;
  /** The route's template, e.g. /admin/api/users/:id. */
  route: string;
  params: unknown;
  access: AdminRouteAccess;
  meta: RequestMeta;
}

/** Methods that change something: a refusal of one is an attempt to act beyond one's role, and is audited. */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Installs the admin guard on the root instance: every /admin/api route registered afterwards is checked against its
 * declared `config.adminAccess` and recorded in the returned registry. Must run before those routes are registered.
 * `onRefused` hears of every refused write (403), before the refusal is answered; its failure does not change the
 * answer.
 */
export function registerAdminAccess(
  app: FastifyInstance,
  authenticator: AdminAuthenticator,
  onRefused?: (refusal: AdminRefusal) => Promise<void>,
): AdminRouteRegistry {
  const registry = new AdminRouteRegistry();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(ADMIN_API_PREFIX)) return;
    const methods = toArray(route.method);
    const access = route.config?.adminAccess;
    if (!access) {
      throw new Error(
        `Admin route ${methods.join(',')} ${route.url} declares no config.adminAccess (see plugins/admin-access.ts)`,
      );
    }
    for (const method of methods) if (method !== 'HEAD') registry.add({ method, url: route.url, access });
    if (access.kind === 'public') return;

    const guard: onRequestAsyncHookHandler = async (request) => {
      const principal = await authenticator.authenticate(bearerToken(request.headers.authorization));
      if (!meetsRequirement(principal.user.permissions, access)) {
        if (onRefused && WRITE_METHODS.has(request.method)) {
          await onRefused({
            principal,
            method: request.method,
            route: route.url,
            params: request.params,
            access,
            meta: requestMeta(request),
          }).catch((error: unknown) => request.log.error({ err: error }, 'refused request not audited'));
        }
        throw new ForbiddenError(
          `You don't have permission to perform this action (requires ${describeAccess(access)})`,
        );
      }
      request.admin = principal;
    };
    route.onRequest = [guard, ...toArray(route.onRequest)];
  });
  return registry;
}

/** The staff member set by the guard; calling it on a public route is a programming error. */
export function currentAdmin(request: FastifyRequest): AdminPrincipal {
  if (!request.admin) throw new Error('the admin guard did not run for this route');
  return request.admin;
}

/** The signed-in staff member as an audit actor. */
export function adminActorOf(request: FastifyRequest): AdminActor {
  const { user, sessionId } = currentAdmin(request);
  return { id: user.id, email: user.email, role: user.role, permissions: user.permissions, sessionId };
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}
