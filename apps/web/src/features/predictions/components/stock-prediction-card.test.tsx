import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StockPredictions } from '@bist/contracts';
import { TooltipProvider } from '@/components/ui/tooltip';
import { simulatedSourceData, sourceFetch } from '@/test/market-source';
import { StockPredictionCard } from './stock-prediction-card';

const MODEL = {
  horizon_days: 1 as const,
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
          prediction: 'DOWN',
          confidence: 57.3,
          algorithm: 'Ridge Regresyonu',
          algorithm_name_en: 'Ridge Regression',
          algorithm_id: 'ridge',
          target_price: 297,
          current_price: 300,
          price_at_prediction: 300,
          potential_percent: -1,
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
  it("shows the production model's call with its confidence, baseline and edge", async () => {
    serve(data(true));
    renderCard();
    const item = await screen.findByTestId('stock-prediction-item');
    expect(vi.mocked(fetch).mock.calls.map((call) => call[0])).toContain('/api/predictions/stocks/THYAO');
    expect(within(item).getByText('Düşüş')).toBeTruthy();
    expect(item.textContent).toContain('%57,3');
    expect(item.textContent).toContain('İsabet %50,9 · piyasa yönü %52,5 · fark −1,6 puan');
    expect(within(item).getByTestId('indistinguishable')).toBeTruthy();
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
