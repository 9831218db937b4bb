// The admin dashboard per role (decision 0058): each role gets the sections it acts on — ML state for technical
// roles, revenue for ceo/cfo, open violations and alerts for risk, sign-ups and activation for marketing and customer
// success — and the server answers the others as null.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminDashboardStatsResponseSchema,
  permissionsOf,
  type AdminRole,
  type AdminDashboardStats,
  type DashboardSection,
} from '@bist/contracts';
import type { TestApp } from '@test/helpers';
import { createAdminTestApp, tokenFor, withToken } from '@test/admin-test-kit';
import { plantViolation } from '@test/compliance-test-kit';
import { dashboardSectionsFor } from './role-views.ts';

const EXPECTED: Record<AdminRole, DashboardSection[]> = {
  super_admin: ['ml', 'revenue', 'risk', 'growth'],
  ceo: ['revenue'],
  cto: ['ml'],
  cfo: ['revenue'],
  operations_manager: ['ml', 'growth'],
  risk_manager: ['risk'],
  technical_lead: ['ml'],
  customer_success: ['growth'],
  marketing_manager: ['growth'],
  data_analyst: ['growth'],
};

describe('admin dashboard: what each role acts on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp({ now: new Date('2026-11-18T09:30:00Z') });
    await t.services.bi.seedDemoHistory();
    await t.services.compliance.prepare();
    await plantViolation(t);
  }, 120_000);
  afterAll(async () => t.close());

  const statsAs = async (role: AdminRole): Promise<AdminDashboardStats> => {
    const token = await tokenFor(t, role);
    const res = await t.app.inject(withToken(token, { method: 'GET', url: '/admin/api/dashboard/stats' }));
    expect(res.statusCode).toBe(200);
    return adminDashboardStatsResponseSchema.parse(res.json()).stats;
  };

  it('maps the role table to sections', () => {
    for (const [role, sections] of Object.entries(EXPECTED) as [AdminRole, DashboardSection[]][])
      expect(dashboardSectionsFor(permissionsOf(role)), role).toEqual(sections);
  });

  it('answers each role its sections only, the others null', async () => {
    for (const [role, sections] of Object.entries(EXPECTED) as [AdminRole, DashboardSection[]][]) {
      const view = (await statsAs(role)).role_view;
      expect(view.sections, role).toEqual(sections);
      for (const section of ['ml', 'revenue', 'risk', 'growth'] as const)
        expect(view[section] === null, `${role} ${section}`).toBe(!sections.includes(section));
    }
  });

  it('fills each section from real data', async () => {
    const cfo = (await statsAs('cfo')).role_view.revenue!;
    expect(cfo).toMatchObject({ source: 'demo', currency: 'TRY', period_days: 30 });
    expect(cfo.mrr).toBeGreaterThan(0);
    expect(cfo.payments).toBeGreaterThan(0);
    expect(cfo.recent_payments.length).toBeGreaterThan(0);
    expect(cfo.recent_payments.length).toBeLessThanOrEqual(5);

    const risk = (await statsAs('risk_manager')).role_view.risk!;
    expect(risk.open_violations).toBeGreaterThanOrEqual(1);
    expect(risk.active_alerts).toBeGreaterThanOrEqual(1);
    expect(risk.recent_violations[0]).toMatchObject({ status: 'open' });

    const growth = (await statsAs('marketing_manager')).role_view.growth!;
    expect(growth.source).toBe('demo');
    expect(growth.signups).toBeGreaterThan(0);
    expect(growth.activation.window_days).toBe(7);
    expect(growth.mau).toBeGreaterThan(0);

    const ml = (await statsAs('cto')).role_view.ml!;
    expect(ml.total_algorithms).toBeGreaterThan(0);
    expect(ml.active_algorithms).toBe(ml.total_algorithms);
    expect(ml.health.healthy + ml.health.warning + ml.health.critical + ml.health.unrated).toBe(
      ml.total_algorithms,
    );
    expect(ml.stopped).toEqual([]);
  });

  it('shows an emergency stop to the technical roles', async () => {
    const admin = await tokenFor(t, 'super_admin');
    const stop = await t.app.inject(
      withToken(admin, {
        method: 'POST',
        url: '/admin/api/control/algorithms/ols/emergency-stop',
        payload: { reason: 'dashboard test' },
      }),
    );
    expect(stop.statusCode).toBe(200);
    const ml = (await statsAs('technical_lead')).role_view.ml!;
    expect(ml.stopped).toEqual([expect.objectContaining({ algorithm_id: 'ols', reason: 'dashboard test' })]);
    expect(ml.active_algorithms).toBe(ml.total_algorithms - 1);
  });
});
