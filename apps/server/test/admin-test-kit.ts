// Helpers for the admin platform's integration tests (not a test file itself).
import type { InjectOptions } from 'fastify';
import type { AdminRole } from '@bist/contracts';
import { createTestApp, type TestApp, type TestAppOptions } from '@test/helpers';
import { demoAccountFor } from '@/modules/admin-auth/demo-staff';

/** An app in demo mode with the demo staff seeded. */
export async function createAdminTestApp(
  options: Omit<TestAppOptions, 'jobs' | 'feed'> = {},
): Promise<TestApp> {
  const t = await createTestApp({ ...options, config: { demoMode: true, ...options.config } });
  await t.services.adminAuth.prepareDemoStaff();
  return t;
}

export async function adminLogin(t: TestApp, email: string, password: string, ip = '10.1.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/admin/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });
}

/** A token of the demo account of this role. */
export async function tokenFor(t: TestApp, role: AdminRole, ip = '10.1.0.1'): Promise<string> {
  const account = demoAccountFor(role);
  const res = await adminLogin(t, account.email, account.password, ip);
  if (res.statusCode !== 200) throw new Error(`login as ${role} failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

export function withToken(token: string | null, options: InjectOptions): InjectOptions {
  return {
    ...options,
    headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  };
}

/** A request whose body is this JSON text as a client wrote it (a lone '\\ud800' escape, nesting too deep to build). */
export function withRawJson(
  token: string | null,
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  json: string,
): InjectOptions {
  return withToken(token, { method, url, payload: json, headers: { 'content-type': 'application/json' } });
}
