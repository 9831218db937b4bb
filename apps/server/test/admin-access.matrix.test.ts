// The role × route matrix: every admin route in the registry, for every role of the role table (@bist/contracts
// roles.ts), with and without a token. A new admin module adds a sample request for each new route to SAMPLES (and
// its requirement to SPEC_ACCESS), so the allowed roles are expected to get 2xx rather than merely 'not refused'.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ROLES,
  BI_ANY_ACCESS,
  BI_PART_ACCESS,
  biPartsFor,
  permissionsOf,
  type AdminRole,
  type RiskInput,
} from '@bist/contracts';
import type { TestApp } from '@test/helpers';
import { demoAccountFor } from '@/modules/admin-auth/demo-staff';
import { describeAccess, rolesAllowed, type AdminRouteAccess } from '@/plugins/admin-access';
import { createAdminTestApp, tokenFor, withToken } from './admin-test-kit.ts';
import { plantViolation } from './compliance-test-kit.ts';
import { CLI_ACTOR } from '@/lib/actor';
import { MlRunsRepository } from '@/modules/models/runs.repository';

/**
 * What each route needs: settings and audit all; users user_management; ML runs and the AI operations centre readable
 * by any staff member, acted on (runs, enable/disable, emergency stops, promotion) with ai_management; the rest
 * signed in.
 */
const COMPLIANCE_READ: AdminRouteAccess = {
  kind: 'any',
  permissions: ['compliance_management', 'compliance_data', 'compliance_reports'],
};
const COMPLIANCE_WORK: AdminRouteAccess = {
  kind: 'any',
  permissions: ['compliance_management', 'compliance_data'],
};
const RISK: RiskInput = {
  title: 'Matrix risk',
  risk_category: 'Operational',
  risk_description: 'A risk written by the access matrix test.',
  mitigation_strategy: 'None needed.',
  likelihood: 3,
  impact: 3,
  residual_likelihood: 2,
  residual_impact: 2,
  owner: 'Risk Manager',
  review_date: '2027-01-01',
};

const BI_REVENUE: AdminRouteAccess = {
  kind: 'any',
  permissions: ['business_metrics', 'financial_data', 'revenue_metrics', 'analytics_data', 'reports_read'],
};
const BI_USERS: AdminRouteAccess = {
  kind: 'any',
  permissions: [
    'business_metrics',
    'user_analytics',
    'marketing_metrics',
    'customer_metrics',
    'user_acquisition',
    'analytics_data',
    'reports_read',
  ],
};
const BI_PERFORMANCE: AdminRouteAccess = {
  kind: 'any',
  permissions: [
    'business_metrics',
    'technical_metrics',
    'system_performance',
    'analytics_data',
    'reports_read',
  ],
};
const BI_ANY: AdminRouteAccess = {
  kind: 'any',
  permissions: [
    'business_metrics',
    'financial_data',
    'revenue_metrics',
    'analytics_data',
    'reports_read',
    'user_analytics',
    'marketing_metrics',
    'customer_metrics',
    'user_acquisition',
    'technical_metrics',
    'system_performance',
  ],
};

const SPEC_ACCESS: Record<string, AdminRouteAccess> = {
  'POST /admin/api/auth/login': { kind: 'public' },
  'GET /admin/api/auth/demo-accounts': { kind: 'public' },
  'POST /admin/api/auth/logout': { kind: 'authenticated' },
  'GET /admin/api/auth/verify': { kind: 'authenticated' },
  'GET /admin/api/dashboard/stats': { kind: 'authenticated' },
  'GET /admin/api/users': { kind: 'permission', permission: 'user_management' },
  'POST /admin/api/users': { kind: 'permission', permission: 'user_management' },
  'PUT /admin/api/users/:id': { kind: 'permission', permission: 'user_management' },
  'DELETE /admin/api/users/:id': { kind: 'permission', permission: 'user_management' },
  'GET /admin/api/audit-log': { kind: 'permission', permission: 'all' },
  'GET /admin/api/settings': { kind: 'permission', permission: 'all' },
  'PUT /admin/api/settings': { kind: 'permission', permission: 'all' },
  'GET /admin/api/ml/runs': { kind: 'authenticated' },
  'GET /admin/api/ml/runs/:id': { kind: 'authenticated' },
  'POST /admin/api/ml/runs': { kind: 'permission', permission: 'ai_management' },
  'POST /admin/api/ml/runs/:id/cancel': { kind: 'permission', permission: 'ai_management' },
  'POST /admin/api/ml/runs/:id/retry': { kind: 'permission', permission: 'ai_management' },
  'POST /admin/api/ai/algorithms/:id/train': { kind: 'permission', permission: 'ai_management' },
  'POST /admin/api/ai/algorithms/:id/predict': { kind: 'permission', permission: 'ai_management' },
  'POST /admin/api/ai/algorithms/:id/enable': { kind: 'permission', permission: 'ai_management' },
  'POST /admin/api/ai/algorithms/:id/disable': { kind: 'permission', permission: 'ai_management' },
  'POST /admin/api/control/algorithms/:id/emergency-stop': {
    kind: 'permission',
    permission: 'ai_management',
  },
  'POST /admin/api/control/emergency-stop-all': { kind: 'permission', permission: 'ai_management' },
  'GET /admin/api/ai/algorithms/:id/versions': { kind: 'authenticated' },
  'GET /admin/api/ai/algorithms': { kind: 'authenticated' },
  'GET /admin/api/ai/performance/overview': { kind: 'authenticated' },
  'GET /admin/api/monitoring/system/performance': { kind: 'authenticated' },
  'GET /admin/api/monitoring/real-time/dashboard': { kind: 'authenticated' },
  'POST /admin/api/ai/algorithms/:id/versions/:versionId/promote': {
    kind: 'permission',
    permission: 'ai_management',
  },
  // Compliance (decision 0024): read by compliance_management, compliance_data (risk_manager) or
  // compliance_reports (cfo); violations and alerts worked by the first two; risks by compliance_management or
  // risk_metrics; rules managed by compliance_management only.
  'GET /admin/api/compliance/dashboard': COMPLIANCE_READ,
  'GET /admin/api/compliance/violations': COMPLIANCE_READ,
  'GET /admin/api/compliance/violations/:id': COMPLIANCE_READ,
  'PUT /admin/api/compliance/violations/:id': COMPLIANCE_WORK,
  'POST /admin/api/compliance/violations/bulk': COMPLIANCE_WORK,
  'GET /admin/api/compliance/alerts': COMPLIANCE_READ,
  'POST /admin/api/compliance/alerts/:id/acknowledge': COMPLIANCE_WORK,
  'GET /admin/api/compliance/risks': COMPLIANCE_READ,
  'POST /admin/api/compliance/risks': { kind: 'any', permissions: ['compliance_management', 'risk_metrics'] },
  'PUT /admin/api/compliance/risks/:id': {
    kind: 'any',
    permissions: ['compliance_management', 'risk_metrics'],
  },
  'GET /admin/api/compliance/audit': COMPLIANCE_READ,
  'GET /admin/api/compliance/rules': COMPLIANCE_READ,
  'PUT /admin/api/compliance/rules/:code': { kind: 'any', permissions: ['compliance_management'] },
  'POST /admin/api/compliance/rules/run': { kind: 'any', permissions: ['compliance_management'] },
  // KVKK requests: read like the other compliance tabs.
  'GET /admin/api/compliance/kvkk-requests': COMPLIANCE_READ,
  'GET /admin/api/ai/dashboard': { kind: 'permission', permission: 'ai_management' },
  'GET /admin/api/ai/predictions': { kind: 'permission', permission: 'ai_management' },
  'POST /admin/api/ai/predictions/generate': { kind: 'permission', permission: 'ai_management' },
  'GET /admin/api/ai/analysis/market': { kind: 'permission', permission: 'ai_management' },
  'POST /admin/api/ai/analysis/market': { kind: 'permission', permission: 'ai_management' },
  'GET /admin/api/ai/stocks': { kind: 'permission', permission: 'ai_management' },
  'GET /admin/api/ai/portfolio/optimizations': { kind: 'permission', permission: 'ai_management' },
  'POST /admin/api/ai/portfolio/optimize': { kind: 'permission', permission: 'ai_management' },
  'POST /admin/api/ai/stocks/update': { kind: 'permission', permission: 'ai_management' },
  // Business intelligence (decision 0058): business_metrics everything; each part also the permissions naming it;
  // analytics_data / reports_read read every part; personal rows leave as a file with full access only (MRR rows
  // also with the financial permissions).
  'GET /admin/api/bi/metrics/overview': BI_ANY,
  'GET /admin/api/bi/revenue/dashboard': BI_REVENUE,
  'GET /admin/api/bi/users/analytics': BI_USERS,
  'GET /admin/api/bi/performance/dashboard': BI_PERFORMANCE,
  'GET /admin/api/bi/realtime/metrics': BI_ANY,
  'GET /admin/api/bi/export/metrics': BI_ANY,
  'GET /admin/api/bi/drilldown/signups': BI_USERS,
  'GET /admin/api/bi/drilldown/signups/export': { kind: 'permission', permission: 'business_metrics' },
  'GET /admin/api/bi/drilldown/mrr': BI_REVENUE,
  'GET /admin/api/bi/drilldown/mrr/export': {
    kind: 'any',
    permissions: ['business_metrics', 'financial_data', 'revenue_metrics'],
  },
};

type Sample = (t: TestApp, role: AdminRole | 'anonymous') => Promise<Omit<InjectOptions, 'method'>>;

let targetUserId = '';
let runId = '';
const SAMPLES: Record<string, Sample> = {
  'GET /admin/api/bi/drilldown/mrr': async () => ({ url: '/admin/api/bi/drilldown/mrr?month=2026-10' }),
  'GET /admin/api/bi/drilldown/mrr/export': async () => ({
    url: '/admin/api/bi/drilldown/mrr/export?month=2026-10',
  }),
  // A type of a part the role reads (the route also checks the type's part: tested on its own below).
  'GET /admin/api/bi/export/metrics': async (_t, role) => {
    const parts = role === 'anonymous' ? [] : biPartsFor(permissionsOf(role));
    const type = parts.includes('revenue') ? 'revenue' : parts.includes('users') ? 'users' : 'performance';
    return { url: `/admin/api/bi/export/metrics?type=${type}&from=2026-11-01&to=2026-11-18` };
  },
  'POST /admin/api/auth/login': async () => ({
    url: '/admin/api/auth/login',
    payload: {
      email: demoAccountFor('data_analyst').email,
      password: demoAccountFor('data_analyst').password,
    },
  }),
  'POST /admin/api/users': async (_t, role) => ({
    url: '/admin/api/users',
    payload: {
      name: `Matrix ${role}`,
      email: `matrix-${role}@bistai.demo`,
      role: 'data_analyst',
      password: 'matrix-pass-1',
    },
  }),
  'PUT /admin/api/users/:id': async (_t, role) => ({
    url: `/admin/api/users/${targetUserId}`,
    payload: { name: `Renamed by ${role}` },
  }),
  'DELETE /admin/api/users/:id': async (t, role) => {
    const victim = await t.services.adminUsers.create(
      {
        name: 'Victim',
        email: `victim-${role}@bistai.demo`,
        role: 'data_analyst',
        password: 'victim-pass-1',
        is_active: true,
      },
      CLI_ACTOR,
      { ip: null, userAgent: null },
    );
    return { url: `/admin/api/users/${victim.id}` };
  },
  'PUT /admin/api/settings': async () => ({ url: '/admin/api/settings', payload: { ml_auto_retrain: true } }),
  'GET /admin/api/ml/runs/:id': async () => ({ url: `/admin/api/ml/runs/${runId}` }),
  'POST /admin/api/ai/algorithms/:id/enable': async () => ({
    url: '/admin/api/ai/algorithms/ols/enable',
    payload: {},
  }),
  'POST /admin/api/ai/algorithms/:id/disable': async () => ({
    url: '/admin/api/ai/algorithms/ols/disable',
    payload: { reason: 'matrix' },
  }),
  'POST /admin/api/control/algorithms/:id/emergency-stop': async () => ({
    url: '/admin/api/control/algorithms/ols/emergency-stop',
    payload: { reason: 'matrix' },
  }),
  'POST /admin/api/control/emergency-stop-all': async () => ({
    url: '/admin/api/control/emergency-stop-all',
    payload: { reason: 'matrix' },
  }),
  'GET /admin/api/ai/algorithms/:id/versions': async () => ({ url: '/admin/api/ai/algorithms/ols/versions' }),
  'GET /admin/api/compliance/violations/:id': async (t) => ({
    url: `/admin/api/compliance/violations/${(await plantViolation(t)).violationId}`,
  }),
  'PUT /admin/api/compliance/violations/:id': async (t) => ({
    url: `/admin/api/compliance/violations/${(await plantViolation(t)).violationId}`,
    payload: { status: 'investigating', resolution_notes: 'matrix' },
  }),
  'POST /admin/api/compliance/violations/bulk': async (t) => ({
    url: '/admin/api/compliance/violations/bulk',
    payload: {
      ids: [(await plantViolation(t)).violationId],
      status: 'investigating',
      resolution_notes: 'matrix',
    },
  }),
  'POST /admin/api/compliance/alerts/:id/acknowledge': async (t) => ({
    url: `/admin/api/compliance/alerts/${(await plantViolation(t)).alertId}/acknowledge`,
    payload: {},
  }),
  'POST /admin/api/compliance/risks': async () => ({ url: '/admin/api/compliance/risks', payload: RISK }),
  'PUT /admin/api/compliance/risks/:id': async (t) => {
    const risk = await t.services.compliance.createRisk(RISK, {
      actor: CLI_ACTOR,
      meta: { ip: null, userAgent: null },
    });
    return { url: `/admin/api/compliance/risks/${risk.id}`, payload: RISK };
  },
  'PUT /admin/api/compliance/rules/:code': async () => ({
    url: '/admin/api/compliance/rules/PLT_SETTINGS_CHANGE',
    payload: { enabled: true },
  }),
  'POST /admin/api/compliance/rules/run': async () => ({ url: '/admin/api/compliance/rules/run' }),
};

function sampleFor(method: string, url: string): Sample {
  return (
    SAMPLES[`${method} ${url}`] ??
    (async () => ({ url: url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000') }))
  );
}

describe('admin RBAC: every route × every role', () => {
  let t: TestApp;
  const tokens = new Map<AdminRole, string>();

  beforeAll(async () => {
    t = await createAdminTestApp();
    for (const role of ADMIN_ROLES) tokens.set(role, await tokenFor(t, role));
    const target = await t.services.adminUsers.create(
      {
        name: 'Target',
        email: 'target@bistai.demo',
        role: 'data_analyst',
        password: 'target-pass-1',
        is_active: true,
      },
      CLI_ACTOR,
      { ip: null, userAgent: null },
    );
    targetUserId = target.id;
    await t.services.compliance.prepare();
    // This app runs no job queue (starting a run answers 503): a stored run to read.
    const run = await new MlRunsRepository(t.infra.database.db).createRun({
      kind: 'evaluate',
      requestedBy: 'test',
      algorithmIds: null,
      now: t.clock.now(),
    });
    runId = run.id;
  });
  afterAll(async () => t.close());

  it('registers every admin route with its declared requirement', () => {
    const registered = Object.fromEntries(
      t.adminRoutes.list().map((r) => [`${r.method} ${r.url}`, r.access]),
    );
    for (const [key, access] of Object.entries(SPEC_ACCESS))
      expect({ key, access: registered[key] }).toEqual({ key, access });
    expect(rolesAllowed(SPEC_ACCESS['GET /admin/api/users']!)).toEqual(['super_admin', 'ceo', 'cto']);
    expect(rolesAllowed(SPEC_ACCESS['GET /admin/api/settings']!)).toEqual(['super_admin']);
    expect(rolesAllowed(SPEC_ACCESS['GET /admin/api/dashboard/stats']!)).toEqual([...ADMIN_ROLES]);
    expect(rolesAllowed(COMPLIANCE_READ)).toEqual(['super_admin', 'cfo', 'risk_manager']);
    expect(rolesAllowed(COMPLIANCE_WORK)).toEqual(['super_admin', 'risk_manager']);
    expect(rolesAllowed(SPEC_ACCESS['PUT /admin/api/compliance/rules/:code']!)).toEqual(['super_admin']);
    // The role table's BI parts, as the issue names them (and the contracts define them for the web too).
    expect(BI_ANY_ACCESS).toEqual(BI_ANY);
    expect({ ...BI_PART_ACCESS }).toEqual({
      revenue: BI_REVENUE,
      users: BI_USERS,
      performance: BI_PERFORMANCE,
    });
    expect(rolesAllowed(BI_REVENUE)).toEqual(['super_admin', 'ceo', 'cfo', 'data_analyst']);
    expect(rolesAllowed(BI_USERS)).toEqual([
      'super_admin',
      'ceo',
      'operations_manager',
      'customer_success',
      'marketing_manager',
      'data_analyst',
    ]);
    expect(rolesAllowed(BI_PERFORMANCE)).toEqual([
      'super_admin',
      'ceo',
      'cto',
      'technical_lead',
      'data_analyst',
    ]);
    expect(rolesAllowed(SPEC_ACCESS['GET /admin/api/bi/drilldown/signups/export']!)).toEqual([
      'super_admin',
      'ceo',
    ]);
  });

  it('refuses a metric export of a part the role does not read (403 naming the requirement)', async () => {
    const url = (type: string) => `/admin/api/bi/export/metrics?type=${type}&from=2026-11-01&to=2026-11-18`;
    const exportAs = async (role: AdminRole, type: string) =>
      (await t.app.inject(withToken(tokens.get(role)!, { method: 'GET', url: url(type) }))).statusCode;
    expect(await exportAs('cfo', 'revenue')).toBe(200);
    expect(await exportAs('cfo', 'mrr')).toBe(200);
    expect(await exportAs('cfo', 'users')).toBe(403);
    expect(await exportAs('marketing_manager', 'events')).toBe(200);
    expect(await exportAs('marketing_manager', 'revenue')).toBe(403);
    expect(await exportAs('technical_lead', 'performance')).toBe(200);
    expect(await exportAs('technical_lead', 'pages')).toBe(403);
    for (const type of ['revenue', 'users', 'events', 'pages', 'performance', 'mrr'])
      expect(await exportAs('data_analyst', type)).toBe(200);
    const refused = await t.app.inject(withToken(tokens.get('cfo')!, { method: 'GET', url: url('users') }));
    expect(refused.json().error).toContain('user_analytics');
  });

  it('documents every admin route in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    for (const route of t.adminRoutes.list()) expect(paths).toContain(route.url.replace(/:(\w+)/g, '{$1}'));
  });

  it('answers 2xx to the roles allowed, 403 to the others and 401 without a token', async () => {
    // Logout last: it revokes the token the other routes use.
    const routes = t.adminRoutes
      .list()
      .sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
    const failures: string[] = [];
    for (const route of routes) {
      const sample = sampleFor(route.method, route.url);
      const hasSample =
        `${route.method} ${route.url}` in SAMPLES || route.method === 'GET' || route.url.endsWith('/logout');
      const method = route.method as InjectOptions['method'];

      const anonymous = await t.app.inject({ method, ...(await sample(t, 'anonymous')) });
      const expectedAnonymous = route.access.kind === 'public' ? 'public' : 401;
      if (expectedAnonymous === 401 && anonymous.statusCode !== 401)
        failures.push(`${route.method} ${route.url} without token: ${anonymous.statusCode}`);

      for (const role of ADMIN_ROLES) {
        const res = await t.app.inject(withToken(tokens.get(role)!, { method, ...(await sample(t, role)) }));
        const allowed = rolesAllowed(route.access).includes(role);
        const ok = allowed
          ? hasSample
            ? res.statusCode >= 200 && res.statusCode < 300
            : ![401, 403].includes(res.statusCode)
          : res.statusCode === 403;
        if (!ok)
          failures.push(
            `${route.method} ${route.url} as ${role} (${describeAccess(route.access)}): ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(SPEC_ACCESS).length);
  });

  it('checks access before reading the body: a forbidden role gets 403 even for a 2 MB body', async () => {
    const res = await t.app.inject(
      withToken(tokens.get('super_admin')!, { method: 'GET', url: '/admin/api/auth/verify' }),
    );
    expect(res.statusCode).toBe(401); // logged out by the matrix above
    const analyst = await tokenFor(t, 'data_analyst');
    const big = await t.app.inject(
      withToken(analyst, {
        method: 'POST',
        url: '/admin/api/users',
        payload: { name: 'x'.repeat(2 * 1024 * 1024) },
      }),
    );
    expect(big.statusCode).toBe(403);
    expect(big.json().error).toContain('user_management');
  });
});
