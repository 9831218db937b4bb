import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { AiProductionModel, ProductionWindow } from '@bist/contracts';
import { AppProviders } from '@/app/providers/app-providers';
import '@/features/admin-ai-analytics/i18n';
import { ProductionModelCard } from './production-model-card';

const window_ = (role: ProductionWindow['role'], over: Partial<ProductionWindow> = {}): ProductionWindow => ({
  role,
  from: role === 'holdout' ? '2026-01-05' : '2025-07-01',
  to: role === 'holdout' ? '2026-06-30' : '2026-01-02',
  days: 120,
  rank_ic: role === 'holdout' ? 0.0412 : 0.0733,
  factor_id: 'low_volatility',
  factor_rank_ic: 0.0301,
  rank_ic_edge: role === 'holdout' ? 0.0111 : 0.0432,
  rank_ic_edge_t: role === 'holdout' ? 1.23 : 2.87,
  relative_hit_rate: 51.4,
  relative_scored: 12_000,
  hit_rate: 53.2,
  always_up: 49.1,
  always_down: 50.9,
  ...over,
});

const model = (over: Partial<AiProductionModel> = {}): AiProductionModel => ({
  algorithm_id: 'lda',
  model_name: 'Linear Discriminant Analysis',
  model_version: 3,
  horizon_days: 1,
  call_mode: 'relative',
  // Selection first on purpose: the card shows the holdout first whatever the order.
  windows: [window_('selection'), window_('holdout')],
  accuracy_percent: 53.2,
  baseline_percent: 50.9,
  accuracy_source: 'walk_forward',
  basis: 'Walk-forward',
  ...over,
});

const renderCard = (m: AiProductionModel) =>
  render(
    <AppProviders queryClient={new QueryClient()}>
      <ProductionModelCard model={m} />
    </AppProviders>,
  );

afterEach(cleanup);

describe('ProductionModelCard', () => {
  it('shows a relative model: holdout window first and labelled, then the selection window; no absolute column', () => {
    renderCard(model());
    expect(screen.getByTestId('call-mode').textContent).toContain('Relative calls');
    const rows = within(screen.getByTestId('production-windows')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(['window-holdout', 'window-selection']);
    const holdout = within(rows[0]!);
    expect(holdout.getByText('Holdout (not selected on)')).toBeTruthy();
    expect(holdout.getByText('2026-01-05 → 2026-06-30')).toBeTruthy();
    expect(holdout.getByText('0.0412')).toBeTruthy();
    expect(holdout.getByText('0.0111 (t 1.23)')).toBeTruthy();
    expect(holdout.getByText('low-volatility ranking: 0.0301')).toBeTruthy();
    expect(within(rows[1]!).getByText('Selection (chose the model)')).toBeTruthy();
    expect(within(rows[1]!).getByText('0.0432 (t 2.87)')).toBeTruthy();
    expect(screen.queryByText('Hit rate (always-up / always-down)')).toBeNull();
    expect(screen.queryByText(/Absolute hit rate/)).toBeNull();
  });

  it('shows an absolute model with its hit rate beside always-up and always-down', () => {
    renderCard(model({ call_mode: 'absolute' }));
    expect(screen.getByTestId('call-mode').textContent).toContain('Absolute calls');
    expect(within(screen.getByTestId('window-holdout')).getByText('53.2% (49.1% / 50.9%)')).toBeTruthy();
    expect(screen.getByText(/Absolute hit rate 53\.2% beside .* 50\.9%/)).toBeTruthy();
  });

  it("names a served factor as the factor's ranking, not a model", () => {
    renderCard(
      model({
        algorithm_id: 'factor:low_volatility',
        model_name: 'low-volatility ranking',
        model_version: null,
        windows: [window_('holdout', { rank_ic_edge: null, rank_ic_edge_t: null })],
      }),
    );
    expect(screen.getByTestId('call-mode').textContent).toContain('Factor served');
    expect(
      screen.getByText(/No model beat the best simple factor .* t ≥ 2: the call is that factor's ranking/),
    ).toBeTruthy();
    expect(screen.getByText('low-volatility ranking')).toBeTruthy();
  });

  it('says so when the model has no stored windows', () => {
    renderCard(model({ windows: [] }));
    expect(screen.getByText('No walk-forward windows stored for this model yet.')).toBeTruthy();
  });
});
