import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StockPredictions } from '@bist/contracts';
import { TooltipProvider } from '@/components/ui/tooltip';
import { simulatedSourceData, sourceFetch } from '@/test/market-source';
import { StockPredictionCard } from './stock-prediction-card';

const MODEL: StockPredictions['predictions'][number]['model'] = {
  horizon_days: 1 as const,
  kind: 'model',
  call_mode: 'relative',
  significance_bar: 2,
  factor_id: null,
  windows: [
    {
      role: 'whole',
      from: '2025-11-20',
      to: '2026-11-19',
      days: 250,
      rank_ic: 0.03,
      factor_id: 'low_volatility',
      factor_rank_ic: 0.01,
      rank_ic_edge: 0.02,
      rank_ic_edge_t: 2.4,
      relative_hit_rate: null,
      relative_scored: 0,
      hit_rate: 50.9,
      always_up: 47.5,
      always_down: 52.5,
    },
  ],
  algorithm_id: 'ridge',
  algorithm_name: 'Ridge Regresyonu',
  algorithm_name_en: 'Ridge Regression',
  rank_ic_edge: 0.01,
  accuracy: {
    accuracy: 50.9,
    baseline: 52.5,
    baseline_side: 'down' as const,
    edge_points: -1.6,
    edge_ci: { low: -3.1, high: 0.4 },
    accuracy_ci: null,
    indistinguishable: true,
    source: 'walk_forward' as const,
    count: 20000,
  },
};

function data(passes: boolean): StockPredictions {
  return {
    status: 'ok',
    symbol: 'THYAO',
    liquidity_rule: 'KURAL',
    predictions: [
      {
        model: MODEL,
        passes_liquidity_floor: passes,
        prediction: {
          id: 'p1',
          stock_code: 'THYAO',
          company_name: 'THY',
          // The raw forecast falls (a falling market) but the stock ranks above the day's median.
          prediction: 'DOWN',
          call: 'outperform',
          call_source: 'model',
          relative_return: 0.004,
          relative_interval: { low: -0.018, high: 0.027 },
          confidence: 57.3,
          measured_level: null,
          algorithm: 'Ridge Regresyonu',
          algorithm_name_en: 'Ridge Regression',
          algorithm_id: 'ridge',
          target_price: null,
          current_price: 300,
          price_at_prediction: 300,
          potential_percent: null,
          expected_return: -0.01,
          horizon_days: 1,
          as_of_date: '2026-11-17',
          target_date: '2026-11-18',
          created_at: '2026-11-17T16:00:00.000Z',
        },
      },
    ],
  };
}

function serve(body: StockPredictions) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ success: true, data: body }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    ),
  );
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <StockPredictionCard symbol="THYAO" />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StockPredictionCard', () => {
  it("shows the production model's relative call with the relative return, confidence and windows; no target price", async () => {
    serve(data(true));
    renderCard();
    const item = await screen.findByTestId('stock-prediction-item');
    expect(vi.mocked(fetch).mock.calls.map((call) => call[0])).toContain('/api/predictions/stocks/THYAO');
    expect(within(item).getByText('Piyasadan iyi')).toBeTruthy();
    expect(within(item).getByText("XU100'e göre")).toBeTruthy();
    expect(item.textContent).not.toContain('Düşüş');
    expect(item.textContent).not.toContain('Yükseliş');
    expect(item.textContent).not.toContain('Hedef fiyat');
    expect(item.textContent).toContain('+%0,40');
    expect(item.textContent).toContain('%57,3');
    expect(item.textContent).toContain('Ölçülmedi');
    // A record stored before the split: its one window is labelled as the one the model was selected on.
    expect(within(item).getByTestId('production-window').textContent).toContain(
      'seçimin yapıldığı dönem dahil',
    );
    expect(within(item).queryByTestId('below-floor')).toBeNull();
  });

  it('says when the stock is under the liquidity floor', async () => {
    serve(data(false));
    renderCard();
    await waitFor(() => expect(screen.getByTestId('below-floor')).toBeTruthy());
  });

  it('says what the models learned from (here a simulation)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        sourceFetch(simulatedSourceData(), {
          '/api/predictions/stocks/THYAO': { success: true, data: data(true) },
        }),
      ),
    );
    renderCard();
    const card = await screen.findByTestId('stock-prediction');
    await waitFor(() =>
      expect(within(card).getByTestId('models-source').textContent).toBe(
        'Modellerin öğrendiği veri: simülasyon verisi (gerçek piyasa değil)',
      ),
    );
  });
});
