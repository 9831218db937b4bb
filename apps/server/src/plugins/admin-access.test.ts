import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { permissionsOf, ROLE_INFO, type AdminRole } from '@bist/contracts';
import { UnauthorizedError } from '@/lib/errors';
import { registerErrorHandler } from '@/plugins/error-handler';
import { adminAccess, registerAdminAccess, rolesAllowed, type AdminAuthenticator } from './admin-access.ts';

/** Tokens are role names: 'Bearer cfo' is a cfo. */
const fakeAuth: AdminAuthenticator = {
  authenticate: async (token) => {
    if (!token || !(token in ROLE_INFO)) throw new UnauthorizedError('Authentication required');
    const role = token as AdminRole;
    return {
      user: {
        id: role,
        name: role,
        email: `${role}@x.test`,
        role,
        permissions: [...permissionsOf(role)],
        description: '',
      },
      sessionId: role,
      tokenHash: role,
    };
  },
};

function appWithGuard() {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  const registry = registerAdminAccess(app, fakeAuth);
  return { app, registry };
}

describe(registerAdminAccess.name, () => {
  it('refuses to start with an admin route that declares no access (fail closed)', async () => {
    const { app } = appWithGuard();
    expect(() => app.get('/admin/api/forgotten', async () => ({ ok: true }))).toThrow(
      /declares no config.adminAccess/,
    );
    app.get('/api/customer-route', async () => ({ ok: true })); // other realms are not its business
    await app.close();
  });

  it('enforces any-of requirements and records each route once per method', async () => {
    const { app, registry } = appWithGuard();
    const access = adminAccess.anyOf('risk_metrics', 'financial_data');
    app.get('/admin/api/risk', { config: { adminAccess: access } }, async () => ({ ok: true }));
    await app.ready();
    expect(registry.list()).toEqual([{ method: 'GET', url: '/admin/api/risk', access }]);
    expect(rolesAllowed(access)).toEqual(['super_admin', 'ceo', 'cfo', 'risk_manager']);
    const status = async (token?: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/admin/api/risk',
          headers: token ? { authorization: `Bearer ${token}` } : {},
        })
      ).statusCode;
    expect(await status()).toBe(401);
    expect(await status('cfo')).toBe(200);
    expect(await status('risk_manager')).toBe(200);
    expect(await status('super_admin')).toBe(200);
    expect(await status('cto')).toBe(403);
    expect(await app.inject({ method: 'HEAD', url: '/admin/api/risk' }).then((r) => r.statusCode)).toBe(401);
    await app.close();
  });
});
