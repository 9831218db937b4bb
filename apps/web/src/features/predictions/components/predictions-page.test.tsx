import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerAlgorithm, DailySummary, TopPrediction } from '@bist/contracts';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AiSummaryCard } from './ai-summary-card';
import { PredictionsPage } from './predictions-page';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function prediction(i: number, confidence: number, up = true): TopPrediction {
  return {
    id: `p${i}`,
    stock_code: `SYM${i}`,
    company_name: `Şirket ${i}`,
    // The raw sign says down for every row (a falling market): the call is relative all the same.
    prediction: 'DOWN',
    call: up ? 'outperform' : 'underperform',
    call_source: 'model',
    relative_return: up ? 0.012 : -0.008,
    relative_interval: up ? { low: -0.01, high: 0.034 } : null,
    confidence,
    measured_level:
      i === 1
        ? { low_percent: 54, high_percent: 56, realised_percent: 55.2, se_points: 0.8, count: 2400 }
        : null,
    algorithm: 'Ridge Regresyonu',
    algorithm_name_en: 'Ridge Regression',
    algorithm_id: 'ridge',
    target_price: null,
    current_price: 100,
    price_at_prediction: 100,
    potential_percent: null,
    expected_return: 0.015,
    horizon_days: i % 2 === 0 ? 1 : 5,
    as_of_date: '2026-11-20',
    target_date: '2026-11-23',
    created_at: '2026-11-20T16:00:00.000Z',
  };
}

const OK_SUMMARY: DailySummary = {
  status: 'ok',
  is_example: false,
  summary: {
    predictions_generated: 960,
    average_accuracy: 52.7,
    average_baseline: 52.5,
    high_confidence_predictions: 3,
    algorithms_active: 40,
  },
  top_predictions: [
    prediction(1, 84),
    prediction(2, 66, false),
    prediction(3, 55),
    ...[4, 5, 6, 7].map((i) => prediction(i, 50)),
  ],
  production_models: [
    {
      horizon_days: 1,
      kind: 'model',
      call_mode: 'relative',
      significance_bar: 2,
      factor_id: null,
      windows: [
        {
          role: 'holdout',
          from: '2026-05-20',
          to: '2026-11-19',
          days: 125,
          rank_ic: 0.031,
          factor_id: 'low_volatility',
          factor_rank_ic: 0.012,
          rank_ic_edge: 0.019,
          rank_ic_edge_t: 1.95,
          relative_hit_rate: 51.4,
          relative_scored: 11000,
          hit_rate: 50.9,
          always_up: 47.5,
          always_down: 52.5,
        },
        {
          role: 'selection',
          from: '2025-11-20',
          to: '2026-05-19',
          days: 125,
          rank_ic: 0.04,
          factor_id: 'low_volatility',
          factor_rank_ic: 0.01,
          rank_ic_edge: 0.03,
          rank_ic_edge_t: 2.6,
          relative_hit_rate: 52.1,
          relative_scored: 11000,
          hit_rate: 51,
          always_up: 50,
          always_down: 50,
        },
      ],
      algorithm_id: 'ridge',
      algorithm_name: 'Ridge Regresyonu',
      algorithm_name_en: 'Ridge Regression',
      rank_ic_edge: 0.01,
      accuracy: {
        accuracy: 50.9,
        baseline: 52.5,
        baseline_side: 'down',
        edge_points: -1.6,
        edge_ci: { low: -3.1, high: -0.1 },
        accuracy_ci: { low: 49.2, high: 52.6 },
        indistinguishable: false,
        source: 'walk_forward',
        count: 20000,
      },
    },
  ],
  liquidity_rule: 'KURAL',
  accuracy_history: [
    { date: '2026-11-18', accuracy: 51, evaluated: 400, baseline: 52 },
    { date: '2026-11-19', accuracy: 53, evaluated: 400, baseline: 52 },
    { date: '2026-11-20', accuracy: 56, evaluated: 400, baseline: 52 },
  ],
  accuracy_history_source: 'walk_forward',
  as_of_date: '2026-11-20',
};

const EMPTY_SUMMARY: DailySummary = {
  status: 'no_predictions_yet',
  is_example: false,
  summary: {
    predictions_generated: 0,
    average_accuracy: null,
    average_baseline: null,
    high_confidence_predictions: 0,
    algorithms_active: 0,
  },
  production_models: [],
  top_predictions: [],
  liquidity_rule: 'KURAL',
  accuracy_history: [],
  accuracy_history_source: null,
  as_of_date: null,
};

const ALGORITHM: CustomerAlgorithm = {
  algorithm_id: 'ridge',
  algorithm_name: 'Ridge Regresyonu',
  algorithm_name_en: 'Ridge Regression',
  description: '',
  is_production: true,
  accuracy_detail: {
    accuracy: 53.1,
    baseline: 52.5,
    baseline_side: 'down',
    edge_points: 0.6,
    edge_ci: { low: -0.9, high: 2.1 },
    accuracy_ci: { low: 52.2, high: 54 },
    indistinguishable: true,
    source: 'walk_forward',
    count: 12000,
  },
  rank_ic_edge: 0.01,
  accuracy: 53.1,
  accuracy_source: 'walk_forward',
  predictions_count: 12000,
  live_predictions_count: 0,
  type: 'Ridge',
  category: 'linear',
  enabled: true,
  health: 'critical',
  hit_rate_ci: { low: 52.2, high: 54 },
  rank_ic: 0.03,
  icir: 0.2,
  skill: 0.001,
  horizon_days: 1,
  evaluated_from: '2025-11-01',
  evaluated_to: '2026-11-19',
  trained_at: '2026-11-20T16:00:00.000Z',
};

function serve(
  summary: DailySummary | null,
  algorithms: { status: 'ok' | 'no_predictions_yet'; algorithms: CustomerAlgorithm[] },
) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      if (input.startsWith('/api/predictions/daily-summary')) {
        return Promise.resolve(
          summary
            ? json(200, { success: true, data: summary })
            : json(500, { success: false, error: 'boom' }),
        );
      }
      if (input.startsWith('/api/ml-algorithms/list'))
        return Promise.resolve(json(200, { success: true, data: algorithms }));
      return Promise.resolve(json(404, { success: false, error: 'not found' }));
    }),
  );
}

function renderWithProviders(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <MemoryRouter>{node}</MemoryRouter>
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PredictionsPage', () => {
  it("shows relative calls (XU100'e göre) with the relative return, its range and the measured level; no target price", async () => {
    serve(OK_SUMMARY, { status: 'ok', algorithms: [ALGORITHM] });
    renderWithProviders(<PredictionsPage />);
    await waitFor(() => expect(screen.getAllByTestId('prediction-row')).toHaveLength(7));
    expect(screen.queryByTestId('example-banner')).toBeNull();
    expect(screen.getByTestId('card-predictions-generated').textContent).toContain('960');
    expect(screen.getByTestId('card-average-accuracy').textContent).toContain('%52,7');
    expect(screen.getByTestId('card-high-confidence').textContent).toContain('3');
    expect(screen.getByTestId('card-active-algorithms').textContent).toContain('40');

    const [first, second] = screen.getAllByTestId('prediction-row');
    expect(within(first!).getByText('Piyasadan iyi')).toBeTruthy();
    expect(within(first!).getByText("XU100'e göre")).toBeTruthy();
    expect(within(first!).getByTestId('call-badge').dataset.call).toBe('outperform');
    expect(within(first!).getByText('+%1,20')).toBeTruthy();
    expect(within(first!).getByText('%80 aralık: -%1,00 … +%3,40')).toBeTruthy();
    expect(within(first!).getByTestId('measured-level').textContent).toBe(
      '%54–%56 güvenli tahminlerin %55,2 tuttu (2400 tahmin, örnek dışı)',
    );
    expect(within(first!).getByText('5 gün')).toBeTruthy();
    expect(within(second!).getByText('Piyasadan kötü')).toBeTruthy();
    expect(within(second!).getByText('Ölçülmedi')).toBeTruthy();
    // No absolute wording, no target price, no unmeasured 'Güçlü' / 'Orta' levels anywhere in the table.
    const table = screen.getByTestId('top-predictions-table');
    for (const word of ['Yükseliş', 'Düşüş', 'Hedef Fiyat', 'Güçlü', 'Orta'])
      expect(table.textContent).not.toContain(word);
    expect(within(table).queryAllByTestId('target-price')).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Doğruluk nedir?' }).length).toBeGreaterThan(0);
    expect(screen.getByTestId('card-average-accuracy').textContent).toContain(
      'Piyasa yönü %52,5 · fark +0,2 puan',
    );
    // The production model's figures: the window it was not selected on first, then the selection window.
    const production = screen.getByTestId('production-models');
    const windows = within(production).getAllByTestId('production-window');
    expect(windows.map((w) => w.dataset.role)).toEqual(['holdout', 'selection']);
    expect(windows[0]!.textContent).toContain('Seçilmediği dönem (2026-05-20 – 2026-11-19)');
    expect(windows[0]!.textContent).toContain('düşük oynaklık sıralamasına göre fark +0,019 (t 1,95)');
    expect(windows[0]!.textContent).toContain('piyasadan iyi/kötü isabeti %51,4');
    expect(windows[1]!.textContent).toContain('Seçim dönemi');
    // A relative model: its absolute hit rate is not shown as its accuracy.
    expect(production.textContent).not.toContain('İsabet %50,9');
    expect(production.textContent).toContain('KURAL');
    expect(within(production).getByText('Ridge Regresyonu').dataset.englishName).toBe('Ridge Regression');
  });

  it("says when no model beat the factor and the production call is the factor's ranking", async () => {
    serve(
      {
        ...OK_SUMMARY,
        top_predictions: [],
        production_models: [
          {
            ...OK_SUMMARY.production_models[0]!,
            kind: 'factor',
            factor_id: 'low_volatility',
            algorithm_id: 'factor:low_volatility',
            algorithm_name: 'düşük oynaklık sıralaması',
            algorithm_name_en: 'low-volatility ranking',
            rank_ic_edge: null,
            accuracy: null,
          },
        ],
      },
      { status: 'ok', algorithms: [ALGORITHM] },
    );
    renderWithProviders(<PredictionsPage />);
    const notice = await screen.findByTestId('factor-served-notice');
    expect(notice.textContent).toContain('üretim çağrısı düşük oynaklık sıralamasıdır (model tahmini değil)');
    expect(screen.getByTestId('factor-served').textContent).toContain('t ≥ 2');
  });

  it('marks the production model and an edge indistinguishable from the market direction', async () => {
    serve(OK_SUMMARY, {
      status: 'ok',
      algorithms: [
        ALGORITHM,
        {
          ...ALGORITHM,
          algorithm_id: 'ols',
          is_production: false,
          accuracy_detail: { ...ALGORITHM.accuracy_detail!, indistinguishable: false },
        },
      ],
    });
    renderWithProviders(<PredictionsPage />);
    await waitFor(() => expect(screen.getAllByTestId('prediction-row')).toHaveLength(7));
    screen.getByRole('tab', { name: 'Algoritma Performansı' }).focus();
    screen.getByRole('tab', { name: 'Algoritma Performansı' }).click();
    await waitFor(() => expect(screen.getAllByTestId('algorithm-item')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('algorithm-item');
    expect(within(first!).getByTestId('production-badge')).toBeTruthy();
    expect(within(first!).getByTestId('indistinguishable').textContent).toBe(
      'Piyasa yönünden ayırt edilemiyor',
    );
    expect(within(first!).getByTestId('accuracy-baseline').textContent).toContain(
      'İsabet %53,1 · piyasa yönü %52,5 · fark +0,6 puan',
    );
    expect(within(second!).queryByTestId('production-badge')).toBeNull();
    expect(within(second!).queryByTestId('indistinguishable')).toBeNull();
  });

  it('labels the sample as an example while the server has no predictions yet', async () => {
    serve(EMPTY_SUMMARY, { status: 'no_predictions_yet', algorithms: [{ ...ALGORITHM, accuracy: null }] });
    renderWithProviders(<PredictionsPage />);
    await waitFor(() => expect(screen.getByTestId('example-banner')).toBeTruthy());
    expect(screen.getAllByTestId('example-badge').length).toBeGreaterThanOrEqual(5);
    expect(screen.getAllByTestId('prediction-row').length).toBeGreaterThan(0);
  });

  it('shows the error text with a retry button when the summary cannot be loaded', async () => {
    serve(null, { status: 'ok', algorithms: [] });
    renderWithProviders(<PredictionsPage />);
    await waitFor(() =>
      expect(screen.getByTestId('predictions-error').textContent).toContain('AI tahmin verileri yüklenemedi'),
    );
    expect(
      within(screen.getByTestId('predictions-error')).getByRole('button', { name: /Yenile/ }),
    ).toBeTruthy();
  });
});

describe('AiSummaryCard', () => {
  it('shows up to 6 real predictions', async () => {
    serve(OK_SUMMARY, { status: 'ok', algorithms: [] });
    renderWithProviders(<AiSummaryCard />);
    await waitFor(() => expect(screen.getAllByTestId('ai-summary-item')).toHaveLength(6));
    expect(screen.getByTestId('ai-summary').textContent).toContain('SYM1');
  });

  it('does not appear without real top predictions (never with the sample)', async () => {
    serve(EMPTY_SUMMARY, { status: 'no_predictions_yet', algorithms: [] });
    const fetchMock = vi.mocked(fetch);
    renderWithProviders(<AiSummaryCard />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('ai-summary')).toBeNull();
  });
});
