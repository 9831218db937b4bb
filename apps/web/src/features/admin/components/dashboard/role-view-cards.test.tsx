import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry as AuditEntryData, DashboardRoleView } from '@bist/contracts';
import { AuditEntry } from '@/features/admin/components/audit/audit-entry';
import { RoleViewCards } from './role-view-cards';

afterEach(cleanup);

const none: DashboardRoleView = { sections: [], ml: null, revenue: null, risk: null, growth: null };

const cfoView: DashboardRoleView = {
  ...none,
  sections: ['revenue'],
  revenue: {
    source: 'demo',
    currency: 'TRY',
    period_days: 30,
    revenue: 12_345.5,
    mrr: 4_200,
    paying_users: 21,
    arpu: 200,
    payments: 40,
    refunds: 2,
    recent_payments: [{ at: '2026-11-17T10:00:00Z', kind: 'charge', plan: 'Pro', amount: 349 }],
  },
};

const riskView: DashboardRoleView = {
  ...none,
  sections: ['risk'],
  risk: {
    open_violations: 7,
    critical_violations: 2,
    active_alerts: 3,
    critical_alerts: 1,
    overdue_alerts: 0,
    recent_violations: [
      {
        id: 'v1',
        rule_name: 'Volume spike',
        severity: 'high',
        status: 'open',
        detected_at: '2026-11-17T10:00:00Z',
      },
    ],
  },
};

describe('the admin dashboard per role', () => {
  it("draws the cfo's revenue only, labelled with its population", () => {
    render(
      <MemoryRouter>
        <RoleViewCards view={cfoView} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('role-view-revenue')).toBeTruthy();
    expect(screen.getByTestId('role-view-mrr').textContent).toContain('4,200');
    expect(screen.getByTestId('role-view-source').textContent).toBe('Demo history');
    expect(screen.queryByTestId('role-view-ml')).toBeNull();
    expect(screen.queryByTestId('role-view-risk')).toBeNull();
    expect(screen.queryByTestId('role-view-growth')).toBeNull();
  });

  it('draws open violations and alerts for risk, and nothing for a role without sections', () => {
    const { unmount } = render(
      <MemoryRouter>
        <RoleViewCards view={riskView} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('role-view-open-violations').textContent).toContain('7 open · 2 critical');
    expect(screen.getByText(/Volume spike/)).toBeTruthy();
    unmount();
    render(
      <MemoryRouter>
        <RoleViewCards view={none} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('role-view')).toBeNull();
  });
});

describe('the audit entry names who acted', () => {
  const entry = (over: Partial<AuditEntryData>): AuditEntryData => ({
    id: 1,
    event_type: 'data_access',
    action: 'kvkk_access_request_completed',
    user_id: null,
    user_email: null,
    user_name: null,
    actor_kind: 'anonymous',
    entity_type: 'kvkk_request',
    entity_id: 'r1',
    before: null,
    after: null,
    details: null,
    ip: null,
    user_agent: null,
    timestamp: '2026-11-17T10:00:00Z',
    ...over,
  });

  it('shows a living investor by name and e-mail, an erased one as unknown', () => {
    const { unmount } = render(
      <ul>
        <AuditEntry
          entry={entry({ actor_kind: 'investor', user_email: 'ayse@example.com', user_name: 'Ayşe Yılmaz' })}
        />
      </ul>,
    );
    expect(screen.getByTestId('audit-user').textContent).toBe('Ayşe Yılmaz (ayse@example.com)');
    expect(screen.getByTestId('audit-actor-kind').textContent).toBe('Investor');
    unmount();
    render(
      <ul>
        <AuditEntry entry={entry({})} />
      </ul>,
    );
    expect(screen.getByTestId('audit-user').textContent).toBe('Unknown user');
  });
});
