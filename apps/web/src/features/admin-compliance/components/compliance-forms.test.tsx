import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RULE_PARAMETER_SPECS, type ComplianceRule, type Risk } from '@bist/contracts';
import { AppProviders } from '@/app/providers/app-providers';
import '@/features/admin-compliance/i18n';
import { RiskFormDialog } from './risk-form-dialog';
import { RuleFormDialog } from './rule-form-dialog';

const rule: ComplianceRule = {
  code: 'MKT_PRICE_LIMIT_STREAK',
  name: 'Price limit streak',
  description: 'Closes at the daily limit n days in a row.',
  category: 'market',
  severity: 'high',
  enabled: true,
  parameters: { bandFraction: 0.1, toleranceFraction: 0.005, days: 3 },
  parameter_specs: [...RULE_PARAMETER_SPECS.MKT_PRICE_LIMIT_STREAK!],
  version: 2,
  updated_at: '2026-11-20T08:00:00.000Z',
  updated_by: null,
  last_run_at: null,
  violations_in_period: 0,
};

const risk: Risk = {
  id: '6f1c3c4e-1d2b-4a7e-9c1f-2b3a4c5d6e7f',
  title: 'Feed outage',
  risk_level: 'high',
  risk_category: 'Operational',
  risk_score: 12,
  risk_description: 'Quotes stop during the session.',
  mitigation_strategy: 'Stale banner.',
  likelihood: 4,
  impact: 4,
  inherent_score: 16,
  inherent_level: 'critical',
  residual_likelihood: 3,
  residual_impact: 4,
  owner: 'Operations',
  review_date: '2027-01-15',
  is_demo: false,
  updated_at: '2026-11-20T08:00:00.000Z',
};

/** The admin API answers every call with this status and envelope. */
function answer(status: number, body: unknown) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function show(ui: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('rule edit dialog', () => {
  it('refuses a bad value on its field without calling the server', async () => {
    const fetchMock = answer(500, {});
    show(<RuleFormDialog rule={rule} onClose={() => undefined} />);
    const days = await screen.findByLabelText('Days');
    expect((days as HTMLInputElement).value).toBe('3');
    fireEvent.change(days, { target: { value: 'three' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('parameters.days must be a number')).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's 400 on the field it names", async () => {
    const fetchMock = answer(400, {
      success: false,
      error: 'parameters.days: too long a streak for this market',
      field: 'parameters.days',
    });
    show(<RuleFormDialog rule={rule} onClose={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('Days'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('parameters.days: too long a streak for this market')).toBeTruthy();
    expect(screen.getByLabelText('Days').getAttribute('aria-invalid')).toBe('true');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/admin/api/compliance/rules/MKT_PRICE_LIMIT_STREAK');
    expect(JSON.parse(init?.body as string)).toEqual({
      severity: 'high',
      parameters: { bandFraction: 0.1, toleranceFraction: 0.005, days: 20 },
    });
  });
});

describe('risk dialog', () => {
  it('starts from the risk, shows its levels and places a server 400 on its field', async () => {
    answer(400, { success: false, error: 'owner must be at most 200 characters', field: 'owner' });
    show(<RiskFormDialog risk={risk} onClose={() => undefined} />);
    const title = await screen.findByLabelText<HTMLInputElement>('Title');
    expect(title.value).toBe('Feed outage');
    expect(screen.getByTestId('inherent-level').textContent).toContain('Score 16');
    expect(screen.getByTestId('inherent-level').textContent).toContain('Critical');
    expect(screen.getByTestId('residual-level').textContent).toContain('Score 12');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('owner must be at most 200 characters')).toBeTruthy());
    expect(screen.getByLabelText('Owner').getAttribute('aria-invalid')).toBe('true');
  });

  it('names every empty field of a new risk before sending', async () => {
    const fetchMock = answer(500, {});
    show(<RiskFormDialog risk={undefined} onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add risk' }));
    expect(await screen.findByText('title is required')).toBeTruthy();
    expect(screen.getByText('owner is required')).toBeTruthy();
    expect(screen.getByText('impact must be a number from 1 to 5')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
