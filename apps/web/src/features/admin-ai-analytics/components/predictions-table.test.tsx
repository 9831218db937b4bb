import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { AiPrediction } from '@bist/contracts';
import { AppProviders } from '@/app/providers/app-providers';
import '@/features/admin-ai-analytics/i18n';
import { PredictionsTable } from './predictions-table';

const row = (over: Partial<AiPrediction>): AiPrediction => ({
  id: 'p1',
  symbol: 'THYAO',
  call: 'outperform',
  predicted_change_percent: 1.1,
  predicted_change_interval: { low: -0.88, high: 4.15 },
  confidence_score: null,
  probability_up: null,
  current_price: 100,
  prediction_value: null,
  model_name: 'Ridge Regression',
  algorithm_id: 'ridge',
  model_version: 2,
  horizon_days: 1,
  as_of_date: '2026-11-17',
  target_date: '2026-11-18',
  realised_change_percent: null,
  hit: null,
  created_at: '2026-11-17T15:00:00.000Z',
  ...over,
});

const renderTable = (rows: AiPrediction[]) =>
  render(
    <AppProviders queryClient={new QueryClient()}>
      <PredictionsTable rows={rows} detailed />
    </AppProviders>,
  );

afterEach(cleanup);

describe('PredictionsTable', () => {
  it('shows a relative call as the investor sees it: its change against the median with the range, no made-up ½ or target', () => {
    // Every stock fell: the model still ranks them, and the call says where the stock stands, not that it rises.
    renderTable([
      row({}),
      row({ id: 'p2', symbol: 'GARAN', call: 'underperform', predicted_change_percent: -0.9 }),
    ]);
    const [thyao, garan] = screen.getAllByTestId('ai-prediction-row').map((r) => within(r));
    expect(thyao!.getByText('▲ Above market')).toBeTruthy();
    expect(thyao!.getByText("vs XU100 (the day's cross-section)")).toBeTruthy();
    const change = thyao!.getByText((_, el) => el?.getAttribute('data-role') === 'predicted-change');
    expect(change.textContent).toBe('+1.10%80 % range: −0.88% … +4.15%');
    // No confidence where the investor sees none: a dash, never 50.0 %; no P(upper side) and no prediction value.
    expect(thyao!.getByText((_, el) => el?.getAttribute('data-role') === 'confidence').textContent).toBe('—');
    expect(
      thyao!.getByText((_, el) => el?.getAttribute('data-role') === 'prediction-value').textContent,
    ).toBe('—');
    expect(screen.queryByText(/50\.0%/)).toBeNull();
    expect(screen.queryByText(/^(▲|▼) (Up|Down)$/)).toBeNull();
    expect(garan!.getByText('▼ Below market')).toBeTruthy();
  });

  it('shows an absolute call with its confidence and prediction value, without a relative range', () => {
    renderTable([
      row({
        call: 'up',
        predicted_change_percent: 1.2,
        predicted_change_interval: null,
        confidence_score: 0.58,
        probability_up: 0.58,
        prediction_value: 101.2,
      }),
    ]);
    const r = within(screen.getByTestId('ai-prediction-row'));
    expect(r.getByText('▲ Up')).toBeTruthy();
    expect(r.queryByText("vs XU100 (the day's cross-section)")).toBeNull();
    expect(r.getByText((_, el) => el?.getAttribute('data-role') === 'predicted-change').textContent).toBe(
      '+1.20%',
    );
    expect(r.getByText((_, el) => el?.getAttribute('data-role') === 'confidence').textContent).toBe('58.0%');
    expect(r.getByText((_, el) => el?.getAttribute('data-role') === 'prediction-value').textContent).not.toBe(
      '—',
    );
  });
});
