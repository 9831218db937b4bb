import type { CustomerAlgorithm, DailySummary, TopPrediction } from '@bist/contracts';
import { LIQUIDITY_FLOOR_TR } from '@bist/contracts/values';

/**
 * The fallback sample, shown only while the server reports `no_predictions_yet` and always labelled
 * 'Örnek veri' on screen. Nothing here is a measurement; the figures only illustrate the layout.
 */

function isoDay(offsetDays: number, from: Date): string {
  const d = new Date(from);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

const SAMPLE_ROWS: [
  code: string,
  name: string,
  up: boolean,
  confidence: number,
  algorithm: string,
  price: number,
  expected: number,
  horizon: 1 | 5,
][] = [
  ['THYAO', 'Türk Hava Yolları', true, 56, 'Gradient Boosting', 312.5, 0.011, 5],
  ['AKBNK', 'Akbank', true, 55, 'Random Forest', 58.4, 0.006, 1],
  ['ASELS', 'Aselsan', false, 55, 'LSTM', 146.2, -0.009, 5],
  ['GARAN', 'Garanti BBVA', true, 54, 'Ridge', 121.9, 0.004, 1],
  ['BIMAS', 'BİM Mağazalar', false, 53, 'Logistic Regression', 498.0, -0.003, 1],
  ['EREGL', 'Ereğli Demir Çelik', true, 52, 'ARIMA', 44.1, 0.002, 1],
];

export function sampleDailySummary(now: Date = new Date()): DailySummary {
  const asOf = isoDay(-1, now);
  const top: TopPrediction[] = SAMPLE_ROWS.map(
    ([code, name, up, confidence, algorithm, price, expected, horizon], i) => ({
      id: `sample-${i}`,
      stock_code: code,
      company_name: name,
      prediction: up ? 'UP' : 'DOWN',
      // Relative calls, as every model of the product makes them: no target price.
      call: up ? 'outperform' : 'underperform',
      call_source: 'model',
      relative_return: expected,
      relative_interval: { low: expected - 0.02, high: expected + 0.02 },
      confidence,
      measured_level: null,
      algorithm,
      algorithm_name_en: algorithm,
      algorithm_id: `sample-${algorithm.toLowerCase().replace(/\s+/g, '-')}`,
      target_price: null,
      current_price: price,
      price_at_prediction: price,
      potential_percent: null,
      expected_return: expected,
      horizon_days: horizon,
      as_of_date: asOf,
      target_date: isoDay(horizon, now),
      created_at: now.toISOString(),
    }),
  );
  const history = [52.1, 53.4, 51.8, 54.2, 53.0, 55.1, 54.6];
  return {
    status: 'no_predictions_yet',
    is_example: false,
    summary: {
      predictions_generated: 240,
      average_accuracy: 53.2,
      average_baseline: 52.4,
      high_confidence_predictions: 0,
      algorithms_active: 40,
    },
    production_models: [],
    top_predictions: top,
    liquidity_rule: LIQUIDITY_FLOOR_TR,
    accuracy_history: history.map((accuracy, i) => ({
      date: isoDay(i - history.length, now),
      accuracy,
      evaluated: 120,
      baseline: 52,
    })),
    accuracy_history_source: null,
    as_of_date: asOf,
  };
}

const SAMPLE_ALGORITHMS: [name: string, accuracy: number, count: number][] = [
  ['Gradient Boosting', 54.8, 12_400],
  ['Random Forest', 54.1, 12_400],
  ['LSTM', 53.6, 12_400],
  ['Ridge', 53.2, 12_400],
  ['Logistic Regression', 52.9, 12_400],
  ['ARIMA', 51.7, 12_400],
];

export function sampleAlgorithms(): CustomerAlgorithm[] {
  return SAMPLE_ALGORITHMS.map(([name, accuracy, count]) => ({
    algorithm_id: `sample-${name.toLowerCase().replace(/\s+/g, '-')}`,
    algorithm_name: name,
    algorithm_name_en: name,
    description: '',
    is_production: false,
    accuracy_detail: {
      accuracy,
      baseline: 52.4,
      baseline_side: 'down',
      edge_points: Math.round((accuracy - 52.4) * 100) / 100,
      edge_ci: null,
      accuracy_ci: null,
      indistinguishable: null,
      source: 'walk_forward',
      count,
    },
    rank_ic_edge: null,
    accuracy,
    accuracy_source: 'walk_forward',
    predictions_count: count,
    live_predictions_count: 0,
    type: '',
    category: 'nonlinear',
    enabled: true,
    health: 'critical',
    hit_rate_ci: null,
    rank_ic: null,
    icir: null,
    skill: null,
    horizon_days: 1,
    evaluated_from: null,
    evaluated_to: null,
    trained_at: null,
  }));
}
